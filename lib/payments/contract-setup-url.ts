import { environmentForHost } from "@/lib/funnel/environment";

// Spec §2/§4: "Continue to Contract Setup" goes to the local base on local hosts and to the
// production base otherwise, with token and transactionId as query parameters. Pure.

export type ContractSetupBases = { local: string; prod: string };

export function contractSetupUrl(
  bases: ContractSetupBases,
  location: { hostname: string; origin: string },
  token: string,
  transactionId: string,
): string {
  const base = environmentForHost(location.hostname) === "local" ? bases.local : bases.prod;
  const url = new URL(base, location.origin);
  url.searchParams.set("token", token);
  url.searchParams.set("transactionId", transactionId);
  return url.toString();
}

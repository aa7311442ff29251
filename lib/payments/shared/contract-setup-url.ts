import { environmentForHost } from "@/lib/leads/shared/environment";

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

export const MISSING_TOKEN_MESSAGE = "Missing authentication token. Please contact support.";
export const MISSING_TRANSACTION_MESSAGE = "Missing transaction information. Please contact support.";

/**
 * The hand-off link, or the spec's §8 message when an id it needs is missing: a link without
 * a token would only fail on the contract-setup site, with nothing telling the buyer what to do.
 */
export function contractSetupLink(
  bases: ContractSetupBases,
  location: { hostname: string; origin: string },
  token: string | null | undefined,
  transactionId: string | null | undefined,
): { href: string } | { error: string } {
  if (!token?.trim()) return { error: MISSING_TOKEN_MESSAGE };
  if (!transactionId?.trim()) return { error: MISSING_TRANSACTION_MESSAGE };
  return { href: contractSetupUrl(bases, location, token, transactionId) };
}

import { environmentForHost } from "@/lib/leads/shared/environment";

// Local hosts get the local base (docs/product.md#contract-setup-hand-off). Pure.

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

/** A link without a token would only fail on the contract-setup site, telling the buyer nothing. */
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

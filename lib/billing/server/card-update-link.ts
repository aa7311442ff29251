import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { derivedKey } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";
import { cardUpdateLinkExpiry } from "@/lib/billing/shared/billing-rules";

// A dunning e-mail's link: it lets its holder update one subscription's card, nothing else, so it
// can last the whole schedule and needs no sign-in. Opening it changes nothing (mail scanners open
// links); only the form's submission does.

export type CardUpdateClaim = { subscriptionId: string; expiresAt: Date };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const CLAIM = new RegExp(`^(${UUID})\\.(\\d{1,12})$`);

export function signCardUpdate(claim: CardUpdateClaim): string {
  const seconds = Math.floor(claim.expiresAt.getTime() / 1000);
  return signValue(`${claim.subscriptionId}.${seconds}`, derivedKey("card-update-link"));
}

/** The claim a token carries, or null when it is forged, malformed or expired. */
export function verifyCardUpdate(token: string | null | undefined, now = new Date()): CardUpdateClaim | null {
  if (!token || token.length > 300) return null;
  const value = verifySignedValue(token, derivedKey("card-update-link"));
  const match = value ? CLAIM.exec(value) : null;
  if (!match) return null;
  const expiresAt = new Date(Number(match[2]) * 1000);
  return expiresAt.getTime() > now.getTime() ? { subscriptionId: match[1]!, expiresAt } : null;
}

/** The absolute URL a dunning e-mail carries for one subscription. */
export function cardUpdateUrl(subscriptionId: string, now = new Date()): string {
  const token = signCardUpdate({ subscriptionId, expiresAt: cardUpdateLinkExpiry(now) });
  return `${getConfig().SITE_URL}/billing/card?token=${encodeURIComponent(token)}`;
}

import { signCardUpdate } from "@/lib/billing/server/card-update-link";
import { cardUpdateLinkExpiry } from "@/lib/billing/shared/billing-rules";

// The card-update link's token for one subscription, as a dunning e-mail would carry it; `expiresAt`
// in the past makes an expired one.

export function cardUpdateToken(subscriptionId: string, expiresAt = cardUpdateLinkExpiry(new Date())): string {
  return signCardUpdate({ subscriptionId, expiresAt });
}

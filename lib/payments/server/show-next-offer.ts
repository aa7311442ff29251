import "server-only";
import { offerRoot } from "@/lib/payments/server/offer-root";
import { openStep } from "@/lib/payments/server/read-offer-chain";
import { recordOfferView } from "@/lib/payments/server/record-offer-view";
import type { NextOfferResponse } from "@/lib/payments/shared/offer-schemas";

const FAILURE = "Failed to load the next offer";

/** The offer the buyer of `transactionId` is to answer now, or null when the chain is done. */
export async function showNextOffer(transactionId: string, context: { browserId: string }): Promise<NextOfferResponse> {
  const root = await offerRoot(transactionId, context.browserId, FAILURE);
  const step = await openStep(root);
  if (step) await recordOfferView(root.id, step);
  return {
    transactionId: root.id,
    offer: step
      ? {
          productCode: step.productCode,
          productName: step.product.name,
          step: step.step,
          amount: step.amount,
          currency: step.product.currency,
          headline: step.headline || `Add ${step.product.name} to your order`,
          body: step.body,
        }
      : null,
  };
}

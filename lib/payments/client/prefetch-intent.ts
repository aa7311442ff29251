import { createPaymentIntentRequest, type CreateIntentBody } from "@/lib/payments/client/client-api";
import {
  LATEST_INTENT_ERROR_KEY,
  LATEST_INTENT_KEY,
  PENDING_INTENT_KEY,
  removeKey,
  writeJson,
  type StoredIntent,
} from "@/lib/payments/client/client-state";

// The checkout sees the pending flag and polls storage instead of creating a second intent.
export function prefetchPaymentIntent(body: CreateIntentBody): Promise<void> {
  removeKey(LATEST_INTENT_ERROR_KEY);
  writeJson(PENDING_INTENT_KEY, { productId: body.productId });
  return createPaymentIntentRequest(body)
    .then((created) => {
      const stored: StoredIntent = { ...created, productId: body.productId, quantity: body.quantity };
      writeJson(LATEST_INTENT_KEY, stored);
    })
    .catch((error: unknown) => {
      writeJson(LATEST_INTENT_ERROR_KEY, {
        message: error instanceof Error ? error.message : "Failed to create payment intent",
      });
      removeKey(PENDING_INTENT_KEY);
      throw error;
    });
}

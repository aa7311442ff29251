import "server-only";
import { conflict } from "@/lib/http/api-error";
import { viaGateway, type PaymentGateway } from "@/lib/payments/gateway";

// Our order row stays PENDING until payment-success or the webhook records the payment, so a
// seat change that lands just after the buyer paid would see PENDING and replace (cancel) the
// subscription that was just paid. The gateway is the only up-to-date source: ask it first.

export const ALREADY_PAID_MESSAGE =
  "This payment has already been made, so the seat count can no longer be changed. Please refresh the page.";

/** Answers 409 when the subscription's current payment has succeeded or is still processing. */
export async function assertSubscriptionUnpaid(
  gateway: PaymentGateway,
  subscriptionId: string,
  failure: string,
): Promise<void> {
  const state = await viaGateway(() => gateway.retrieveSubscription(subscriptionId), failure);
  if (state.status === "succeeded" || state.status === "processing")
    throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
}

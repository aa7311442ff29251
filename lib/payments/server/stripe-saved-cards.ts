import "server-only";
import Stripe from "stripe";
import {
  GatewayError,
  type OffSessionCharge,
  type OffSessionChargeInput,
  type SavedCard,
} from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { whileKeyInFlight } from "@/lib/payments/server/stripe-key-in-flight";

// Saved cards in Stripe's terms: the first PaymentIntent had a Customer and setup_future_usage, so
// its card is attached to that Customer; a later charge is a new PaymentIntent confirmed off-session.

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export async function stripeSavedCard(paymentIntentId: string): Promise<SavedCard | null> {
  const intent = await getStripe().paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] });
  if (intent.status !== "succeeded" || intent.setup_future_usage !== "off_session") return null;
  const customerId = idOf(intent.customer);
  const method = intent.payment_method;
  // A bank or wallet paid through a redirect is not a card a click can charge at once (some are not
  // reusable, a bank debit settles days later): the offer then asks for a card instead.
  if (!method || typeof method === "string" || method.type !== "card") return null;
  return customerId ? { customerId, paymentMethodId: method.id } : null;
}

/** The outcome a charge's answer means; Stripe's declines and authentication requests are card errors. */
export function offSessionOutcome(result: Stripe.PaymentIntent | Stripe.errors.StripeError): OffSessionCharge {
  if (result instanceof Stripe.errors.StripeError) {
    const intent = result.payment_intent;
    if (result.code === "authentication_required" && intent?.client_secret) {
      return {
        outcome: "requires_action",
        paymentIntentId: intent.id,
        clientSecret: intent.client_secret,
        paymentMethodId: idOf(intent.last_payment_error?.payment_method) ?? idOf(intent.payment_method) ?? "",
      };
    }
    return {
      outcome: "declined",
      paymentIntentId: intent?.id ?? null,
      code: result.code ?? "card_declined",
      message: result.message,
    };
  }
  if (result.status === "succeeded") return { outcome: "succeeded", paymentIntentId: result.id };
  if (result.status === "requires_action" && result.client_secret) {
    return {
      outcome: "requires_action",
      paymentIntentId: result.id,
      clientSecret: result.client_secret,
      paymentMethodId: idOf(result.payment_method) ?? "",
    };
  }
  throw new GatewayError(`An off-session charge answered with status ${result.status}`);
}

export async function stripeChargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionCharge> {
  const params: Stripe.PaymentIntentCreateParams = {
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    customer: input.card.customerId,
    payment_method: input.card.paymentMethodId,
    off_session: true,
    confirm: true,
    metadata: { ...input.metadata, transactionId: input.orderId },
  };
  try {
    // No digest of the parameters in this key: other parameters must be refused, never charged again.
    const intent = await whileKeyInFlight(() =>
      getStripe().paymentIntents.create(params, { idempotencyKey: `${input.idempotencyKey}:off_session_charge` }),
    );
    return offSessionOutcome(intent);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return offSessionOutcome(error);
    throw error;
  }
}

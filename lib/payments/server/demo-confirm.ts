import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  evaluateDemoCard,
  savedDemoCard,
} from "@/lib/payments/shared/demo-cards";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { addOneMonth } from "@/lib/payments/shared/billing-period";
import { assertGatewayAvailable, gatewayMode } from "@/lib/payments/server/select-gateway";

// The client secret is the credential, as with Stripe. A typed card confirms any open intent; a
// saved card only an intent of its own customer, after the buyer's answer to the authentication
// step when the card asks for one (what Stripe.js's confirmCardPayment with a payment_method does).

const clientSecret = z
  .string()
  .regex(/^pi_demo_[0-9a-f]+_secret_[0-9a-f]+$/, "clientSecret is not a demo client secret");

export const demoConfirmSchema = z.union([
  z.strictObject({
    clientSecret,
    card: z.strictObject({
      number: z.string().max(32),
      expiry: z.string().max(16),
      cvc: z.string().max(8),
    }),
  }),
  z.strictObject({
    clientSecret,
    paymentMethod: z.string().regex(/^pm_demo_[0-9a-f]+$/, "paymentMethod is not a demo payment method"),
    /** The buyer's answer to the authentication step: true completed it, false failed or closed it. */
    authenticated: z.boolean(),
  }),
]);

type DemoError = { type: "card_error" | "invalid_request_error"; code: string; decline_code?: string; message: string };

export type DemoConfirmResult = { paymentIntent: { id: string; status: string } } | { error: DemoError };

/** Stripe.js's error shape (demo gateway), not our API's error body. */
const failed = (error: DemoError) => ({ error });

const unexpectedState = (message: string) =>
  failed({ type: "invalid_request_error", code: "payment_intent_unexpected_state", message });

export async function confirmDemoPayment(input: z.infer<typeof demoConfirmSchema>): Promise<DemoConfirmResult> {
  assertGatewayAvailable();
  if (gatewayMode() !== "demo") throw new ApiError("not_found");
  const db = getDb();
  const intent = await db.demoPaymentIntent.findUnique({ where: { clientSecret: input.clientSecret } });
  if (!intent) throw new ApiError("not_found", "Payment information not found");
  if (intent.status === "succeeded" || intent.status === "canceled") {
    return unexpectedState(`This PaymentIntent's status is ${intent.status} and cannot be confirmed.`);
  }
  const outcome = "card" in input ? typedCard(input.card) : await savedCard(intent.customerId, input);
  if ("error" in outcome) {
    // As Stripe: a card's refusal is the intent's last error, a request naming a foreign card is not.
    if (outcome.error.code !== "resource_missing") {
      await db.demoPaymentIntent.update({ where: { id: intent.id }, data: { lastErrorCode: outcome.error.code } });
    }
    return { error: outcome.error };
  }
  // A seat change may have cancelled this intent since it was read.
  const confirmed = await db.$transaction(async (tx) => {
    const { count } = await tx.demoPaymentIntent.updateMany({
      where: { id: intent.id, status: { notIn: ["succeeded", "canceled"] } },
      data: { status: "succeeded", lastErrorCode: null },
    });
    if (count === 0) return false;
    // The first period starts with the payment, on the demo clock the renewals are swept by.
    const periodStart = await demoNow(tx);
    await tx.demoSubscription.updateMany({
      where: { latestPaymentIntentId: intent.id },
      data: { status: "active", currentPeriodStart: periodStart, currentPeriodEnd: addOneMonth(periodStart) },
    });
    const customerId = intent.setupFutureUsage === "off_session" ? intent.customerId : null;
    if (outcome.paymentMethodId) {
      await tx.demoPaymentIntent.update({
        where: { id: intent.id },
        data: { paymentMethodId: outcome.paymentMethodId },
      });
    } else if (customerId && "card" in input) {
      // Saved as Stripe attaches it with setup_future_usage: only once the payment succeeded.
      const paymentMethodId = `pm_demo_${intent.id.slice("pi_demo_".length)}`;
      await tx.demoPaymentMethod.create({
        data: { id: paymentMethodId, customerId, ...savedDemoCard(input.card.number) },
      });
      await tx.demoPaymentIntent.update({ where: { id: intent.id }, data: { paymentMethodId } });
    }
    return true;
  }, SHORT_TX);
  if (!confirmed) {
    return unexpectedState("This PaymentIntent was changed while it was being confirmed and cannot be confirmed.");
  }
  return { paymentIntent: { id: intent.id, status: "succeeded" } };
}

/** The card may be charged; a saved one names itself. */
type Approved = { approved: true; paymentMethodId: string | null };

function typedCard(card: { number: string; expiry: string; cvc: string }): { error: DemoError } | Approved {
  const result = evaluateDemoCard(card);
  if (result.outcome === "succeeded") return { approved: true, paymentMethodId: null };
  return failed({ type: "card_error", code: result.code, decline_code: result.declineCode, message: result.message });
}

async function savedCard(
  customerId: string | null,
  input: { paymentMethod: string; authenticated: boolean },
): Promise<{ error: DemoError } | Approved> {
  const method = await getDb().demoPaymentMethod.findUnique({ where: { id: input.paymentMethod } });
  if (!method || customerId === null || method.customerId !== customerId) {
    const message = `No such PaymentMethod: '${input.paymentMethod}'`;
    return failed({ type: "invalid_request_error", code: "resource_missing", message });
  }
  if (method.offSession === "authentication_required" && !input.authenticated) {
    return failed({
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      message: AUTHENTICATION_FAILED_MESSAGE,
    });
  }
  if (method.offSession === "card_declined") {
    return failed({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: CARD_DECLINED_MESSAGE,
    });
  }
  return { approved: true, paymentMethodId: method.id };
}

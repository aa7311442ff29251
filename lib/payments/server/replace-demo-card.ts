import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { evaluateDemoCard, savedDemoCard, type DemoCard } from "@/lib/payments/shared/demo-cards";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// A demo subscription's card replaced by one the buyer typed, as a confirmed SetupIntent and the
// subscription's default_payment_method do on Stripe: renewals charge it from then on. A card the
// checkout would decline is refused with the checkout's words and changes nothing.

export async function replaceDemoCard(providerSubscriptionId: string, card: DemoCard): Promise<{ last4: string }> {
  const result = evaluateDemoCard(card);
  if (result.outcome !== "succeeded") throw new ApiError("card_refused", result.message);
  const saved = savedDemoCard(card.number);
  return getDb().$transaction(async (tx) => {
    const subscription = await tx.demoSubscription.findUnique({ where: { id: providerSubscriptionId } });
    const intent = subscription
      ? await tx.demoPaymentIntent.findUnique({ where: { id: subscription.latestPaymentIntentId } })
      : null;
    if (!subscription || !intent?.customerId || subscription.status === "canceled") {
      throw new ApiError("card_update_unavailable");
    }
    const id = `pm_demo_${randomBytes(12).toString("hex")}`;
    await tx.demoPaymentMethod.create({ data: { id, customerId: intent.customerId, ...saved } });
    await tx.demoSubscription.update({ where: { id: subscription.id }, data: { defaultPaymentMethodId: id } });
    return { last4: saved.last4 };
  }, SHORT_TX);
}

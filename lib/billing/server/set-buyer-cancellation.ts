import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { viaGateway } from "@/lib/payments/server/gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { ownedSubscription } from "@/lib/billing/server/owned-subscription";
import { recordBuyerChange } from "@/lib/billing/server/record-buyer-change";

// The buyer cancels at period end (the paid seats run to the end; nothing is refunded) or resumes
// before the end. Asking for what is already so changes, audits and sends nothing.

export const buyerCancellationSchema = z.strictObject({ subscriptionId: z.uuid(), cancel: z.boolean() });

export type BuyerCancellation = { cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null };

const FAILURE = "The payment provider could not change the subscription. Nothing was changed; please try again.";
const LIVE = new Set(["active", "past_due"]);

export async function setBuyerCancellation(
  email: string,
  input: z.infer<typeof buyerCancellationSchema>,
): Promise<BuyerCancellation> {
  const subscription = await ownedSubscription(email, input.subscriptionId);
  const periodEnd = subscription.currentPeriodEnd;
  const answer = () => ({ cancelAtPeriodEnd: input.cancel, currentPeriodEnd: periodEnd?.toISOString() ?? null });
  if (subscription.cancelAtPeriodEnd === input.cancel) return answer();
  if (!LIVE.has(subscription.status) || (input.cancel && subscription.status !== "active")) {
    throw new ApiError(input.cancel ? "not_cancelable" : "not_resumable");
  }
  const changeId = randomUUID();
  const gateway = gatewayOf(subscription.order);
  const key = `billing:${changeId}`;
  const state = await viaGateway(
    () =>
      input.cancel
        ? gateway.cancelAtPeriodEnd(subscription.providerSubscriptionId, key)
        : gateway.resumeSubscription(subscription.providerSubscriptionId, key),
    FAILURE,
  );
  const currentPeriodEnd = state.currentPeriodEnd ?? periodEnd;
  await getDb().$transaction(async (tx) => {
    // Two presses at once: one records the change, the other finds it made.
    const { count } = await tx.subscription.updateMany({
      where: { id: subscription.id, cancelAtPeriodEnd: !input.cancel },
      data: { cancelAtPeriodEnd: input.cancel, ...(currentPeriodEnd ? { currentPeriodEnd } : {}) },
    });
    if (count === 0) return;
    const changed = await tx.subscription.findUniqueOrThrow({
      where: { id: subscription.id },
      include: { order: true },
    });
    const change = input.cancel ? { kind: "cancel_at_period_end" as const } : { kind: "resumed" as const };
    await recordBuyerChange(tx, changed, change, { email, via: "session" }, changeId);
  }, SHORT_TX);
  return { cancelAtPeriodEnd: input.cancel, currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null };
}

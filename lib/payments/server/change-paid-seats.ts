import "server-only";
import { z } from "zod";
import { applySeatChange, type AppliedSeats } from "@/lib/payments/server/apply-seat-change";
import { planSeatChange } from "@/lib/payments/server/plan-seat-change";
import { getDb } from "@/lib/platform/server/db";
import { notFound } from "@/lib/platform/shared/api-error";

// The console's seat change on a paid subscription, up or down. The form's key makes a double
// click or a retry set the same count once.

export const changeSeatsSchema = z.strictObject({
  orderId: z.uuid(),
  seats: z.number().int().min(1).max(10_000),
  reason: z.string().trim().min(1, "Please give a reason for the seat change.").max(500),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "requestKey: 16 to 64 letters, digits, - or _"),
});
export type ChangeSeatsRequest = z.infer<typeof changeSeatsSchema>;

export async function changePaidSeats(
  input: ChangeSeatsRequest,
  operator: { id: string },
  ip: string | null,
): Promise<AppliedSeats> {
  const change = await planSeatChange({
    orderId: input.orderId,
    target: { seats: input.seats },
    requestKey: input.requestKey,
    reason: input.reason,
    operatorId: operator.id,
    withRefund: false,
  });
  if (change) return applySeatChange(change, ip);
  const subscription = await getDb().subscription.findUnique({ where: { orderId: input.orderId } });
  if (!subscription) throw notFound("Order not found.");
  return { seats: subscription.quantity, previousSeats: subscription.quantity, endsAtPeriodEnd: false };
}

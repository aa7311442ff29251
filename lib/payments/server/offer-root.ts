import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { withSubscription, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { syncOrder } from "@/lib/payments/server/sync-order";

// Only the browser that bought the first order sees or answers its offers, and only once it is
// paid. The buyer's credentials are left for the success page: this sync is not the buyer's claim.

export async function offerRoot(
  transactionId: string,
  browserId: string,
  failure: string,
): Promise<OrderWithSubscription> {
  const root = await getDb().order.findUnique({ where: { id: transactionId }, include: withSubscription });
  if (!root || root.browserId !== browserId || root.parentOrderId !== null) throw notFound("Order not found");
  if (root.fulfilledAt && root.status === "SUCCEEDED") return root;
  const { paid, state } = await syncOrder(root, { forBuyer: false, failure });
  if (!paid || state.refunded) throw new ApiError("payment_not_succeeded");
  return root;
}

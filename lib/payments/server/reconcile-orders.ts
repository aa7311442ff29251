import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { withSubscription, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { log } from "@/lib/platform/server/logger";
import { HOUR_MS } from "@/lib/shared/dates";

// A lost webhook plus a closed tab must not leave a paid order waiting: unpaid orders are checked
// with the provider, least recently checked first so none is starved.

/** Still on the buyer's screen: their own success call settles them. */
const MIN_AGE_MS = 2 * 60 * 1000;
/** Gentle on the provider's rate limits. */
const PARALLEL = 4;

export type ReconcileCounts = { checked: number; fulfilled: number; errors: number };

export async function reconcileOrders(now = new Date()): Promise<ReconcileCounts> {
  const { RECONCILE_LOOKBACK_HOURS, RECONCILE_BATCH_SIZE } = getConfig();
  const db = getDb();
  const orders = await db.order.findMany({
    where: {
      status: { in: ["PENDING", "FAILED"] },
      fulfilledAt: null,
      providerPaymentId: { not: null },
      createdAt: {
        gte: new Date(now.getTime() - RECONCILE_LOOKBACK_HOURS * HOUR_MS),
        lte: new Date(now.getTime() - MIN_AGE_MS),
      },
    },
    orderBy: [{ reconciledAt: { sort: "asc", nulls: "first" } }, { createdAt: "desc" }],
    take: RECONCILE_BATCH_SIZE,
    include: withSubscription,
  });
  const counts: ReconcileCounts = { checked: 0, fulfilled: 0, errors: 0 };
  for (let start = 0; start < orders.length; start += PARALLEL) {
    await Promise.all(orders.slice(start, start + PARALLEL).map((order) => reconcileOne(order, now, counts)));
  }
  return counts;
}

async function reconcileOne(order: OrderWithSubscription, now: Date, counts: ReconcileCounts): Promise<void> {
  counts.checked += 1;
  try {
    const { fulfilment } = await syncOrder(order, { forBuyer: false, failure: "Reconciliation failed" });
    if (fulfilment?.emailId) counts.fulfilled += 1;
  } catch (error) {
    counts.errors += 1;
    log.warn(`[sweep] order ${order.id}: ${error instanceof Error ? error.name : "error"} while reconciling`);
  }
  await getDb().order.update({ where: { id: order.id }, data: { reconciledAt: now } });
}

import "server-only";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { requeueStuckEmails } from "@/lib/platform/server/mail/requeue-stuck";
import { reconcileOrders, type ReconcileCounts } from "@/lib/payments/server/reconcile-orders";
import { log } from "@/lib/platform/server/logger";

// Both halves are idempotent, so a rerun after a crash only repeats checks.

export type SweepCounts = ReconcileCounts & { emailsRequeued: number };

export async function runReconcileSweep(now = new Date()): Promise<SweepCounts> {
  const orders = await reconcileOrders(now);
  const emailsRequeued = await requeueStuckEmails(now);
  const counts = { ...orders, emailsRequeued };
  log.info(
    `[sweep] reconcile: ${counts.checked} unpaid orders checked, ${counts.fulfilled} fulfilled, ` +
      `${counts.errors} provider errors; ${counts.emailsRequeued} stuck e-mails re-queued`,
  );
  return counts;
}

export const reconcileSweepJob: JobHandler = async () => {
  await runReconcileSweep();
};

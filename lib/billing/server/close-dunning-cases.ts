import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { restoreOrderAccess } from "@/lib/payments/server/revoke-order-access";
import { DUNNING_SCHEDULE } from "@/lib/billing/shared/dunning-schedule";

// A case's invoice paid (a Stripe retry, a demo retry, the buyer after a card change), or a later
// renewal of the subscription paid: an open case is recovered; an access the case took (paused
// while open, or revoked at the end) is given back. `subscriptionId` narrows a run to one.

const PAID = `
  (si.status = 'paid' OR EXISTS (
     SELECT 1 FROM subscription_invoices l
      WHERE l.subscription_id = c.subscription_id AND l.status = 'paid' AND l.period_start > si.period_start))`;

const RECOVER = `
  UPDATE dunning_cases c
     SET state = 'recovered', closed_at = $1::timestamptz, next_step_at = NULL, updated_at = now()
    FROM subscription_invoices si
   WHERE si.id = c.invoice_id AND c.state = 'open' AND ($2::uuid IS NULL OR c.subscription_id = $2::uuid)
     AND ${PAID}`;

const ENDED_PAID = `
  SELECT c.id, c.access_revoked_at, s.order_id
    FROM dunning_cases c
    JOIN subscription_invoices si ON si.id = c.invoice_id
    JOIN subscriptions s ON s.id = c.subscription_id
   WHERE c.state <> 'open' AND c.access_revoked_at IS NOT NULL AND c.access_restored_at IS NULL
     AND ($1::uuid IS NULL OR c.subscription_id = $1::uuid) AND ${PAID}
   LIMIT 100
     FOR UPDATE OF c SKIP LOCKED`;

export async function recoverDunningCases(now: Date, subscriptionId: string | null = null): Promise<number> {
  return getDb().$executeRawUnsafe(RECOVER, now.toISOString(), subscriptionId);
}

/** Answers how many closed cases had their access given back. */
export async function restoreEndedAccess(now: Date, subscriptionId: string | null = null): Promise<number> {
  let restored = 0;
  for (;;) {
    const done = await getDb().$transaction(
      async (tx) => {
        const rows = await tx.$queryRawUnsafe<{ id: string; access_revoked_at: Date; order_id: string }[]>(
          ENDED_PAID,
          subscriptionId,
        );
        for (const row of rows) {
          await restoreOrderAccess(tx, row.order_id, row.access_revoked_at);
          await tx.dunningCase.update({ where: { id: row.id }, data: { accessRestoredAt: now } });
        }
        return rows.length;
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    restored += done;
    if (done === 0) return restored;
  }
}

/**
 * An operator ended the subscription while it was overdue: the case closes, so no more reminders
 * go and no end step runs. An access it had paused stays taken until the invoice is paid.
 */
export async function closeCancelledCase(subscriptionId: string, now: Date): Promise<boolean> {
  const { count } = await getDb().dunningCase.updateMany({
    where: { subscriptionId, state: "open" },
    data: { state: "ended", closedAt: now, nextStepAt: null, nextStep: DUNNING_SCHEDULE.length },
  });
  return count > 0;
}

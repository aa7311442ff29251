import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { restoreOrderAccess } from "@/lib/payments/server/revoke-order-access";

// A case's invoice paid (a Stripe retry, a demo retry, the buyer after a card change), or a later
// renewal of the subscription paid: an open case is recovered; an ended one gives the access back.

const PAID = `
  (si.status = 'paid' OR EXISTS (
     SELECT 1 FROM subscription_invoices l
      WHERE l.subscription_id = c.subscription_id AND l.status = 'paid' AND l.period_start > si.period_start))`;

const RECOVER = `
  UPDATE dunning_cases c
     SET state = 'recovered', closed_at = $1::timestamptz, next_step_at = NULL, updated_at = now()
    FROM subscription_invoices si
   WHERE si.id = c.invoice_id AND c.state = 'open' AND ${PAID}`;

const ENDED_PAID = `
  SELECT c.id, c.access_revoked_at, s.order_id
    FROM dunning_cases c
    JOIN subscription_invoices si ON si.id = c.invoice_id
    JOIN subscriptions s ON s.id = c.subscription_id
   WHERE c.state = 'ended' AND c.access_revoked_at IS NOT NULL AND c.access_restored_at IS NULL AND ${PAID}
   LIMIT 100
     FOR UPDATE OF c SKIP LOCKED`;

export async function recoverDunningCases(now: Date): Promise<number> {
  return getDb().$executeRawUnsafe(RECOVER, now.toISOString());
}

/** Answers how many ended cases had their access given back. */
export async function restoreEndedAccess(now: Date): Promise<number> {
  let restored = 0;
  for (;;) {
    const done = await getDb().$transaction(
      async (tx) => {
        const rows = await tx.$queryRawUnsafe<{ id: string; access_revoked_at: Date; order_id: string }[]>(ENDED_PAID);
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

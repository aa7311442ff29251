import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { openSince } from "@/lib/billing/shared/dunning-schedule";

// A failed renewal without a case opens one, unless its subscription already has an open case (the
// same episode) or has ended. Both unique indexes make concurrent sweeps open it once.

const OPEN = `
  INSERT INTO dunning_cases AS c (id, subscription_id, invoice_id, state, next_step, next_step_at, opened_at, updated_at)
  SELECT gen_random_uuid(), si.subscription_id, si.id, 'open', 0, $1::timestamptz, $1::timestamptz, now()
    FROM subscription_invoices si
    JOIN subscriptions s ON s.id = si.subscription_id
   WHERE si.status = 'failed' AND si.failed_at >= $2::timestamptz AND s.status <> 'canceled'
     AND NOT EXISTS (SELECT 1 FROM dunning_cases d WHERE d.invoice_id = si.id)
     AND NOT EXISTS (SELECT 1 FROM dunning_cases d WHERE d.subscription_id = si.subscription_id AND d.state = 'open')
   ORDER BY si.failed_at
  ON CONFLICT DO NOTHING`;

/**
 * `now` is the gateway's clock (the schedule's days count from it); failures are dated by the real
 * time, and one older than the schedule (a backlog when this first runs) opens nothing.
 */
export async function openDunningCases(now: Date, realNow = new Date()): Promise<number> {
  return getDb().$executeRawUnsafe(OPEN, now.toISOString(), openSince(realNow).toISOString());
}

import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { log } from "@/lib/platform/server/logger";
import { addOneMonth } from "@/lib/payments/shared/billing-period";
import { invoiceAmount } from "@/lib/payments/shared/coupon-rules";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { recordRenewalInvoices, type RenewalInvoice } from "@/lib/payments/server/record-renewal-invoices";
import { gatewayMode } from "@/lib/payments/server/select-gateway";

// The demo gateway's billing run, what Stripe does at each period end: bills the next period on the
// saved card, or the one the buyer put in its place (a declining card leaves the subscription past_due) or ends a subscription cancelled at
// period end. A batch locks its due rows (SKIP LOCKED), so two workers never bill one period twice;
// the renewal's idempotency key and the invoice's unique id hold even if a batch ran again.

const token = (bytes: number) => randomBytes(bytes).toString("hex");

export const RENEWAL_BATCH = 500;

export type RenewalCounts = { paid: number; failed: number; ended: number; batches: number };

type DueRow = {
  id: string;
  quantity: number;
  unit_amount: number;
  discount_percent: number | null;
  discount_amount_off: number | null;
  discount_months: number;
  invoices_billed: number;
  credit_balance: number;
  max_invoices: number | null;
  cancel_at_period_end: boolean;
  current_period_end: Date;
  metadata: unknown;
  currency: string;
  customer_id: string | null;
  payment_method_id: string | null;
  off_session: string | null;
  our_subscription_id: string | null;
};

const DUE = `
  SELECT d.id, d.quantity, d.unit_amount, d.discount_percent, d.discount_amount_off, d.discount_months,
         d.invoices_billed, d.credit_balance, d.max_invoices, d.cancel_at_period_end, d.current_period_end, d.metadata,
         i.currency, i.customer_id, pm.id AS payment_method_id, pm.off_session, s.id::text AS our_subscription_id
    FROM demo_subscriptions d
    JOIN demo_payment_intents i ON i.id = d.latest_payment_intent_id
    LEFT JOIN demo_payment_methods pm ON pm.id = COALESCE(d.default_payment_method_id, i.payment_method_id)
    LEFT JOIN subscriptions s ON s.provider_subscription_id = d.id
   WHERE d.status IN ('active', 'past_due') AND d.current_period_end <= $1::timestamptz
   ORDER BY d.current_period_end, d.id
   LIMIT $2
   FOR UPDATE OF d SKIP LOCKED`;

const INSERT_INTENTS = `
  INSERT INTO demo_payment_intents
         (id, client_secret, amount, currency, status, subscription_id, last_error_code, idempotency_key, metadata,
          customer_id, payment_method_id, off_session_error, updated_at)
  SELECT u.id, u.id || '_secret_' || u.secret, u.amount::int, u.currency, u.status, u.sub,
         NULLIF(u.error, ''), u.key, u.metadata::jsonb, NULLIF(u.customer, ''), NULLIF(u.method, ''),
         NULLIF(u.error, ''), now()
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                $9::text[], $10::text[], $11::text[])
         AS u(id, secret, amount, currency, status, sub, error, key, metadata, customer, method)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id`;

const MOVE_DEMO = `
  UPDATE demo_subscriptions d
     SET status = u.status, current_period_start = u.ps::timestamptz, current_period_end = u.pe::timestamptz,
         invoices_billed = u.billed::int, credit_balance = d.credit_balance - u.used::int, updated_at = now()
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         AS u(id, status, ps, pe, billed, used)
   WHERE d.id = u.id`;

const MOVE_OURS = `
  UPDATE subscriptions s
     SET status = u.status, current_period_end = u.pe::timestamptz, updated_at = now()
    FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, status, pe)
   WHERE s.provider_subscription_id = u.id`;

type Outcome = {
  row: DueRow;
  status: "active" | "past_due" | "canceled";
  periodStart: Date;
  periodEnd: Date;
  billed: number;
  /** Credit from removed seats this renewal took off its amount. */
  creditUsed: number;
  intent: { id: string; amount: number; error: string | null } | null;
};
type Billed = Outcome & { intent: NonNullable<Outcome["intent"]> };

/** What the period end brings for one subscription; a missing saved card fails as Stripe's would. */
function outcomeOf(row: DueRow): Outcome {
  const ended = row.current_period_end;
  // A payment plan ends after its last instalment, as a Stripe subscription with cancel_at does.
  const planDone = row.max_invoices !== null && row.invoices_billed >= row.max_invoices;
  if (row.cancel_at_period_end || planDone) {
    return {
      row,
      status: "canceled",
      periodStart: ended,
      periodEnd: ended,
      billed: row.invoices_billed,
      creditUsed: 0,
      intent: null,
    };
  }
  const billed = row.invoices_billed + 1;
  const coupon =
    row.discount_percent !== null || row.discount_amount_off !== null
      ? { percentOff: row.discount_percent, amountOff: row.discount_amount_off }
      : null;
  const due = invoiceAmount(coupon, row.discount_months, row.unit_amount * row.quantity, billed);
  const creditUsed = Math.min(due, row.credit_balance);
  const amount = due - creditUsed;
  const error = row.off_session === "succeeded" ? null : (row.off_session ?? "payment_method_missing");
  return {
    row,
    status: error ? "past_due" : "active",
    periodStart: ended,
    periodEnd: addOneMonth(ended),
    billed,
    creditUsed,
    intent: { id: `pi_demo_${token(12)}`, amount, error },
  };
}

async function renewBatch(now: Date, batchSize: number): Promise<Outcome[]> {
  return getDb().$transaction(
    async (tx) => {
      const due = await tx.$queryRawUnsafe<DueRow[]>(DUE, now.toISOString(), batchSize);
      if (due.length === 0) return [];
      const outcomes = due.map(outcomeOf);
      const paidAt = new Date();
      const billed = outcomes.filter((o): o is Billed => o.intent !== null);
      const col = (pick: (o: Billed) => string) => billed.map(pick);
      const inserted = await tx.$queryRawUnsafe<{ id: string }[]>(
        INSERT_INTENTS,
        col((o) => o.intent.id),
        col(() => token(16)),
        col((o) => String(o.intent.amount)),
        col((o) => o.row.currency),
        col((o) => (o.intent.error ? "requires_payment_method" : "succeeded")),
        col((o) => o.row.id),
        col((o) => o.intent.error ?? ""),
        col((o) => `renewal:${o.row.id}:${o.billed}`),
        col((o) => JSON.stringify({ ...(o.row.metadata as object), billingReason: "subscription_cycle" })),
        col((o) => o.row.customer_id ?? ""),
        col((o) => o.row.payment_method_id ?? ""),
      );
      const all = (pick: (o: Outcome) => string) => outcomes.map(pick);
      await tx.$executeRawUnsafe(
        MOVE_DEMO,
        all((o) => o.row.id),
        all((o) => o.status),
        all((o) => o.periodStart.toISOString()),
        all((o) => o.periodEnd.toISOString()),
        all((o) => String(o.billed)),
        all((o) => String(o.creditUsed)),
      );
      // The app's side of the same run (Stripe's webhooks, in Stripe mode).
      await tx.$executeRawUnsafe(
        MOVE_OURS,
        all((o) => o.row.id),
        all((o) => o.status),
        all((o) => o.periodEnd.toISOString()),
      );
      // Only a renewal this run made: a key already used means its invoice is recorded already.
      const made = new Set(inserted.map((r) => r.id));
      const invoices = billed.flatMap((o): RenewalInvoice[] =>
        o.row.our_subscription_id && made.has(o.intent.id)
          ? [
              {
                subscriptionId: o.row.our_subscription_id,
                providerInvoiceId: o.intent.id,
                periodStart: o.periodStart,
                periodEnd: o.periodEnd,
                quantity: o.row.quantity,
                amount: o.intent.amount,
                currency: o.row.currency,
                status: o.intent.error ? "failed" : "paid",
                // Dated by the real time, so the console's ranges show a demonstration's renewals today.
                at: paidAt,
              },
            ]
          : [],
      );
      await recordRenewalInvoices(invoices, tx);
      return outcomes;
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}

/** Bills every period that fell due by the demo clock, batch by batch, until none is left. */
export async function renewDemoSubscriptions(options: { batchSize?: number; now?: Date } = {}): Promise<RenewalCounts> {
  const now = options.now ?? (await demoNow());
  const counts: RenewalCounts = { paid: 0, failed: 0, ended: 0, batches: 0 };
  for (;;) {
    const outcomes = await renewBatch(now, options.batchSize ?? RENEWAL_BATCH);
    if (outcomes.length === 0) return counts;
    counts.batches += 1;
    for (const o of outcomes) {
      if (!o.intent) counts.ended += 1;
      else if (o.intent.error) counts.failed += 1;
      else counts.paid += 1;
    }
  }
}

export const demoRenewalJob: JobHandler = async () => {
  if (gatewayMode() !== "demo") return;
  const counts = await renewDemoSubscriptions();
  log.info(`[sweep] demo renewals: ${counts.paid} paid, ${counts.failed} failed, ${counts.ended} ended at period end`);
};

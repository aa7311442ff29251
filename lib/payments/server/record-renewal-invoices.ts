import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// One row per provider invoice, whichever of the webhooks, retries or sweeps records it first;
// a failed invoice paid later turns paid, a paid one never turns back.

export type RenewalInvoice = {
  /** Our subscriptions.id. */
  subscriptionId: string;
  providerInvoiceId: string;
  periodStart: Date;
  periodEnd: Date;
  quantity: number;
  amount: number;
  currency: string;
  status: "paid" | "failed";
  /** When it was paid, or when the payment failed. */
  at: Date;
};

type Db = Pick<Prisma.TransactionClient, "$executeRawUnsafe">;

const SQL = `
  INSERT INTO subscription_invoices AS si
         (id, subscription_id, provider_invoice_id, period_start, period_end, quantity, amount, currency,
          status, paid_at, failed_at, updated_at)
  SELECT gen_random_uuid(), u.sub::uuid, u.inv, u.ps::timestamptz, u.pe::timestamptz, u.q::int, u.amt::int, u.cur,
         u.st, CASE WHEN u.st = 'paid' THEN u.at::timestamptz END, CASE WHEN u.st = 'failed' THEN u.at::timestamptz END,
         now()
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                $9::text[]) AS u(sub, inv, ps, pe, q, amt, cur, st, at)
  ON CONFLICT (provider_invoice_id) DO UPDATE
     SET status = 'paid', paid_at = EXCLUDED.paid_at, amount = EXCLUDED.amount, updated_at = now()
   WHERE si.status = 'failed' AND EXCLUDED.status = 'paid'`;

/** Answers how many rows were inserted or turned paid. */
export async function recordRenewalInvoices(invoices: RenewalInvoice[], db: Db = getDb()): Promise<number> {
  if (invoices.length === 0) return 0;
  const column = (pick: (i: RenewalInvoice) => string | number | Date) =>
    invoices.map((i) => {
      const value = pick(i);
      return value instanceof Date ? value.toISOString() : String(value);
    });
  return db.$executeRawUnsafe(
    SQL,
    column((i) => i.subscriptionId),
    column((i) => i.providerInvoiceId),
    column((i) => i.periodStart),
    column((i) => i.periodEnd),
    column((i) => i.quantity),
    column((i) => i.amount),
    column((i) => i.currency),
    column((i) => i.status),
    column((i) => i.at),
  );
}

import "server-only";
import type { SubscriptionFilters } from "@/lib/console/shared/subscription-filters";
import { decodeUuidCursor, encodeCursor } from "@/lib/shared/keyset-cursor";
import { flaggedViewSql, isExclusionKind, type ExclusionKind } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Every subscription, whatever it sells, newest first by keyset on (created_at, id). The monthly
// amount is the seats at the order's own seat price, the seat report's rule; failed payments are
// the renewal invoices that failed, "due" the part of them still unpaid.

export const SUBSCRIPTIONS_PAGE_SIZE = 50;

export type SubscriptionRow = {
  id: string;
  orderId: string;
  createdAt: Date;
  email: string;
  prospectId: string | null;
  productId: string;
  productName: string;
  seats: number;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  monthlyAmount: number;
  currency: string;
  /** Renewal invoices that ever failed (recovered ones too), the last failure, and what is unpaid. */
  failedPayments: number;
  lastFailedAt: Date | null;
  amountDue: number;
  excludedAs: ExclusionKind | null;
};

export type SubscriptionPage = { rows: SubscriptionRow[]; nextCursor: string | null };

type Row = {
  id: string;
  order_id: string;
  created_at: Date;
  email: string;
  prospect_id: string | null;
  product_id: string;
  product_name: string;
  seats: number;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  ended_at: Date | null;
  monthly_amount: string;
  currency: string;
  failed_payments: number;
  last_failed_at: Date | null;
  amount_due: string;
  excluded_as: string | null;
};

export async function listSubscriptions(
  filters: SubscriptionFilters,
  pageSize = SUBSCRIPTIONS_PAGE_SIZE,
  db: ReportDb = defaultReportDb(),
): Promise<SubscriptionPage> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const flagged = flaggedViewSql(filters.flagged, "o");
  if (flagged) conditions.push(flagged);
  if (filters.status) {
    params.push(filters.status);
    conditions.push(`s.status = $${params.length}`);
  }
  const cursor = decodeUuidCursor(filters.after);
  if (cursor) {
    params.push(cursor.at, cursor.id);
    const [at, id] = [`$${params.length - 1}`, `$${params.length}`];
    conditions.push(`s.created_at <= ${at}`, `(s.created_at < ${at} OR s.id < ${id}::uuid)`);
  }
  params.push(pageSize + 1);
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const { rows } = await db.query<Row>(
    `SELECT s.id, s.order_id, s.created_at, o.email, o.prospect_id, o.product_id, o.product_name,
            s.quantity AS seats, s.status, s.current_period_end, s.cancel_at_period_end, s.ended_at,
            (s.quantity::bigint * o.unit_price)::text AS monthly_amount, o.currency,
            COALESCE(f.failed_payments, 0) AS failed_payments, f.last_failed_at,
            COALESCE(f.amount_due, 0)::text AS amount_due, o.excluded_as::text AS excluded_as
       FROM subscriptions s
       JOIN orders o ON o.id = s.order_id
       LEFT JOIN LATERAL (
         SELECT count(*)::int AS failed_payments, max(si.failed_at) AS last_failed_at,
                sum(si.amount) FILTER (WHERE si.status = 'failed') AS amount_due
           FROM subscription_invoices si
          WHERE si.subscription_id = s.id AND si.failed_at IS NOT NULL
       ) f ON true
      ${where}
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      createdAt: r.created_at,
      email: r.email,
      prospectId: r.prospect_id,
      productId: r.product_id,
      productName: r.product_name,
      seats: r.seats,
      status: r.status,
      currentPeriodEnd: r.current_period_end,
      cancelAtPeriodEnd: r.cancel_at_period_end,
      endedAt: r.ended_at,
      // bigint as text; one subscription's cents stay far below 2^53.
      monthlyAmount: Number(r.monthly_amount),
      currency: r.currency,
      failedPayments: r.failed_payments,
      lastFailedAt: r.last_failed_at,
      amountDue: Number(r.amount_due),
      excludedAs: isExclusionKind(r.excluded_as) ? r.excluded_as : null,
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
  };
}

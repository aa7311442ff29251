import "server-only";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { isUuid } from "@/lib/shared/uuid";

// Everything a buyer was billed, given back or changed, oldest first: their orders, each renewal
// invoice's failure and payment (a recovered one shows both), refunds and applied seat changes.
// A buyer is the lead; an order with no lead is its own buyer. Flagged orders are shown too.

export type BillingEvent =
  | { kind: "order"; at: Date; orderId: string; productName: string; status: string; amount: number; currency: string }
  | {
      kind: "invoice_failed" | "invoice_paid";
      at: Date;
      orderId: string;
      productName: string;
      periodStart: Date;
      periodEnd: Date;
      amount: number;
      currency: string;
    }
  | { kind: "refund"; at: Date; orderId: string; productName: string; amount: number; currency: string }
  | { kind: "seat_change"; at: Date; orderId: string; productName: string; fromSeats: number; toSeats: number };

type Row = {
  kind: BillingEvent["kind"];
  at: Date;
  order_id: string;
  product_name: string;
  status: string | null;
  amount: number | null;
  currency: string | null;
  period_start: Date | null;
  period_end: Date | null;
  from_seats: number | null;
  to_seats: number | null;
};

// The kinds' order breaks ties at one instant: an order before what followed from it.
const SQL = `
  WITH buyer AS (SELECT id, product_name FROM orders o WHERE {{who}})
  SELECT * FROM (
    SELECT 'order' AS kind, o.created_at AS at, o.id AS order_id, o.product_name, o.status::text AS status,
           o.total_amount AS amount, o.currency, NULL::timestamptz AS period_start, NULL::timestamptz AS period_end,
           NULL::int AS from_seats, NULL::int AS to_seats, 0 AS rank
      FROM orders o JOIN buyer b ON b.id = o.id
    UNION ALL
    SELECT 'invoice_failed', si.failed_at, b.id, b.product_name, NULL, si.amount, si.currency, si.period_start,
           si.period_end, NULL, NULL, 1
      FROM subscription_invoices si JOIN subscriptions s ON s.id = si.subscription_id JOIN buyer b ON b.id = s.order_id
     WHERE si.failed_at IS NOT NULL
    UNION ALL
    SELECT 'invoice_paid', si.paid_at, b.id, b.product_name, NULL, si.amount, si.currency, si.period_start,
           si.period_end, NULL, NULL, 2
      FROM subscription_invoices si JOIN subscriptions s ON s.id = si.subscription_id JOIN buyer b ON b.id = s.order_id
     WHERE si.paid_at IS NOT NULL
    UNION ALL
    SELECT 'seat_change', c.applied_at, b.id, b.product_name, NULL, NULL, NULL, NULL, NULL, c.from_quantity,
           c.to_quantity, 3
      FROM seat_changes c JOIN buyer b ON b.id = c.order_id
     WHERE c.applied_at IS NOT NULL
    UNION ALL
    SELECT 'refund', r.created_at, b.id, b.product_name, NULL, r.amount, r.currency, NULL, NULL, NULL, NULL, 4
      FROM refunds r JOIN buyer b ON b.id = r.order_id
  ) events
   ORDER BY at, rank, order_id
   LIMIT 1000`;

function eventOf(r: Row): BillingEvent {
  const base = { at: r.at, orderId: r.order_id, productName: r.product_name };
  const money = { amount: r.amount ?? 0, currency: r.currency ?? "usd" };
  switch (r.kind) {
    case "order":
      return { kind: "order", ...base, ...money, status: r.status ?? "" };
    case "invoice_failed":
    case "invoice_paid":
      return {
        kind: r.kind,
        ...base,
        ...money,
        periodStart: r.period_start ?? r.at,
        periodEnd: r.period_end ?? r.at,
      };
    case "seat_change":
      return { kind: "seat_change", ...base, fromSeats: r.from_seats ?? 0, toSeats: r.to_seats ?? 0 };
    case "refund":
      return { kind: "refund", ...base, ...money };
  }
}

/** A lead's billing history (every order of the lead), or the buyer's of one order. */
export async function billingHistory(
  buyer: { leadId: string } | { orderId: string },
  db: ReportDb = defaultReportDb(),
): Promise<BillingEvent[]> {
  const id = "leadId" in buyer ? buyer.leadId : buyer.orderId;
  if (!isUuid(id)) return [];
  const who =
    "leadId" in buyer
      ? "o.prospect_id = $1::uuid"
      : `o.id = $1::uuid OR o.prospect_id = (SELECT x.prospect_id FROM orders x WHERE x.id = $1::uuid)`;
  const { rows } = await db.query<Row>(SQL.replace("{{who}}", who), [id]);
  return rows.map(eventOf);
}

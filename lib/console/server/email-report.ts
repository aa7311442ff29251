import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { countedLeadSql, countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { emailKind, type EmailKind } from "@/lib/platform/shared/email-kinds";
import { TEST_SEND_TEMPLATE } from "@/lib/lifecycle/server/send-test-email";

// Per template, and per sequence step for sequence e-mails, the e-mails sent (or logged in the outbox) in the range and what became of them, each
// counted once per e-mail however many events it had. Revenue: a paid order counts for the e-mail
// its lead last clicked in the ATTRIBUTION_DAYS before ordering, if that e-mail is in the range
// (docs/operations.md#report-definitions, docs/decisions/0048-click-tracking-and-email-report.md).
// An operator's test sends are no reader's e-mails: they are left out.

export const ATTRIBUTION_DAYS = 7;

export type CurrencyAmount = { currency: string; amount: number };

export type TemplateDelivery = {
  template: string;
  /** The sequence step these e-mails were sent for; null for e-mails outside a sequence. */
  step: { id: string; sequence: string; /** From 0, as stored. */ position: number; subject: string } | null;
  kind: EmailKind;
  sent: number;
  /** Stored in the outbox, as no provider was configured: never sent. */
  logged: number;
  delivered: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  /** E-mails with at least one tracked click. */
  clicked: number;
  attributedOrders: number;
  /** Per currency, integer cents. */
  revenue: CurrencyAmount[];
};

export type EmailReport = { from: Date; to: Date; templates: TemplateDelivery[] };

const SENT = `
  SELECT e.id, e.template, e.status, e.sequence_step_id AS step_id
    FROM outgoing_emails e
    LEFT JOIN prospects p ON p.id = e.prospect_id
   WHERE e.status IN ('SENT', 'LOGGED') AND e.sent_at >= $1 AND e.sent_at < $2
     AND e.template <> '${TEST_SEND_TEMPLATE}'
     AND (p.id IS NULL OR ${countedLeadSql("p")})`;

const COUNTS_SQL = `
  WITH sent AS (${SENT}),
  outcome AS (
    SELECT s.id, s.template, s.step_id, s.status,
           EXISTS (SELECT 1 FROM email_delivery_events d WHERE d.email_id = s.id AND d.type = 'delivered') AS delivered,
           EXISTS (SELECT 1 FROM email_delivery_events d WHERE d.email_id = s.id AND d.type = 'bounced') AS bounced,
           EXISTS (SELECT 1 FROM email_delivery_events d WHERE d.email_id = s.id AND d.type = 'complained') AS complained,
           EXISTS (SELECT 1 FROM email_delivery_events d WHERE d.email_id = s.id AND d.type = 'unsubscribed')
             AS unsubscribed,
           EXISTS (SELECT 1 FROM email_link_clicks c WHERE c.email_id = s.id) AS clicked
      FROM sent s
  )
  SELECT o.template, o.step_id, q.name AS sequence, st.position, st.subject,
         count(*) FILTER (WHERE status = 'SENT')::int AS sent,
         count(*) FILTER (WHERE status = 'LOGGED')::int AS logged,
         count(*) FILTER (WHERE delivered)::int AS delivered,
         count(*) FILTER (WHERE bounced)::int AS bounced,
         count(*) FILTER (WHERE complained)::int AS complained,
         count(*) FILTER (WHERE unsubscribed)::int AS unsubscribed,
         count(*) FILTER (WHERE clicked)::int AS clicked
    FROM outcome o
    LEFT JOIN sequence_steps st ON st.id = o.step_id
    LEFT JOIN sequences q ON q.id = st.sequence_id
   GROUP BY o.template, o.step_id, q.name, st.position, st.subject
   ORDER BY o.template, q.name NULLS FIRST, st.position`;

// Last click wins: each order goes to the latest click by its lead in the window before it.
const REVENUE_SQL = `
  WITH sent AS (${SENT}),
  attributed AS (
    SELECT DISTINCT ON (o.id) o.id, o.total_amount, o.currency, c.email_id
      FROM orders o
      JOIN email_link_clicks c ON c.prospect_id = o.prospect_id
       AND c.clicked_at <= o.created_at
       AND c.clicked_at > o.created_at - make_interval(days => ${ATTRIBUTION_DAYS})
     WHERE o.status IN ('SUCCEEDED', 'REFUNDED') AND ${countedOrderSql("o")}
       AND o.created_at >= $1
     ORDER BY o.id, c.clicked_at DESC, c.id DESC
  )
  SELECT s.template, s.step_id, a.currency, count(*)::int AS orders, sum(a.total_amount)::text AS amount
    FROM attributed a JOIN sent s ON s.id = a.email_id
   GROUP BY s.template, s.step_id, a.currency
   ORDER BY s.template, a.currency`;

type CountRow = Omit<TemplateDelivery, "kind" | "step" | "attributedOrders" | "revenue"> & {
  step_id: string | null;
  sequence: string | null;
  position: number | null;
  subject: string | null;
};
type RevenueRow = { template: string; step_id: string | null; currency: string; orders: number; amount: string };

export async function emailReport(range: ReportRange, db: ReportDb = defaultReportDb()): Promise<EmailReport> {
  const [counts, revenue] = await Promise.all([
    db.query<CountRow>(COUNTS_SQL, [range.from, range.to]),
    db.query<RevenueRow>(REVENUE_SQL, [range.from, range.to]),
  ]);
  return {
    from: range.from,
    to: range.to,
    templates: counts.rows.map(({ step_id, sequence, position, subject, ...row }) => {
      const own = revenue.rows.filter((r) => r.template === row.template && r.step_id === step_id);
      return {
        ...row,
        step:
          step_id === null
            ? null
            : { id: step_id, sequence: sequence ?? "", position: position ?? 0, subject: subject ?? "" },
        kind: emailKind(row.template),
        attributedOrders: own.reduce((sum, r) => sum + r.orders, 0),
        // Sums come back as text; cents stay far below 2^53.
        revenue: own.map((r) => ({ currency: r.currency, amount: Number(r.amount) })),
      };
    }),
  };
}

import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { countedOrderSql, flaggedBrowsersSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Whether the post-purchase offers and the order bumps earn money (docs/operations.md#report-definitions).
// Both count from the paid first orders created in the range; refunds count by refund date, as in
// the revenue report. US-dollar cents.

export type OfferStepName = "upsell" | "downsell";

type Rates = {
  /** Cents: paid less refunded. */
  net: number;
  takeRate: number | null;
  revenuePerBuyer: number | null;
  revenuePerVisitor: number | null;
};

export type OfferRow = Rates & {
  /** The product of the first order the offer followed. */
  afterProductId: string;
  afterProductName: string;
  step: OfferStepName;
  productId: string;
  productName: string;
  shown: number;
  accepted: number;
  gross: number;
  refunded: number;
};

export type BumpRow = Rates & {
  bumpId: string;
  productId: string;
  productName: string;
  bumpProductId: string;
  bumpProductName: string;
  offered: number;
  taken: number;
  gross: number;
  refunded: number;
};

export type OfferReport = { from: Date; to: Date; visitors: number; offers: OfferRow[]; bumps: BumpRow[] };

const PAID = `IN ('SUCCEEDED', 'REFUNDED')`;

/** Distinct browsers with a session started in the range, less those with a test or spam lead or order. */
const VISITORS_SQL = `
  SELECT count(DISTINCT s.browser_id)::int AS visitors
    FROM funnel_sessions s
   WHERE s.started_at >= $1 AND s.started_at < $2
     AND s.browser_id NOT IN (${flaggedBrowsersSql()})`;

// Shown: a recorded view, a "No thanks" or an order for the step (views were not kept at first).
// A step whose own order is flagged as test or spam is left out with it.
const OFFERS_SQL = `
  WITH parents AS (
    SELECT o.id, o.product_id FROM orders o
     WHERE o.parent_order_id IS NULL AND o.status ${PAID} AND o.created_at >= $1 AND o.created_at < $2
       AND ${countedOrderSql("o")}
  ), shown AS (
    SELECT v.parent_order_id, v.product_code, v.step FROM offer_views v JOIN parents p ON p.id = v.parent_order_id
    UNION
    SELECT d.parent_order_id, d.product_code, d.step FROM offer_declines d JOIN parents p ON p.id = d.parent_order_id
    UNION
    SELECT c.parent_order_id, c.product_id, c.offer_step FROM orders c JOIN parents p ON p.id = c.parent_order_id
  ), taken AS (
    SELECT p.product_id AS after_product, sh.step, sh.product_code, count(*)::int AS shown,
           (count(c.id) FILTER (WHERE c.status ${PAID}))::int AS accepted,
           COALESCE(sum(c.total_amount) FILTER (WHERE c.status ${PAID} AND c.currency = 'usd'), 0)::bigint AS gross
      FROM shown sh
      JOIN parents p ON p.id = sh.parent_order_id
      LEFT JOIN orders c ON c.parent_order_id = sh.parent_order_id AND c.product_id = sh.product_code AND c.offer_step = sh.step
     WHERE c.id IS NULL OR ${countedOrderSql("c")}
     GROUP BY 1, 2, 3
  ), given_back AS (
    SELECT p.product_id AS after_product, c.offer_step AS step, c.product_id AS product_code,
           sum(r.amount)::bigint AS refunded
      FROM refunds r
      JOIN orders c ON c.id = r.order_id
      JOIN orders p ON p.id = c.parent_order_id
     WHERE r.created_at >= $1 AND r.created_at < $2 AND r.currency = 'usd'
       AND ${countedOrderSql("c")} AND ${countedOrderSql("p")}
     GROUP BY 1, 2, 3
  )
  SELECT COALESCE(t.after_product, g.after_product) AS after_product,
         COALESCE(t.step, g.step)::text AS step,
         COALESCE(t.product_code, g.product_code) AS product_code,
         COALESCE(ap.name, COALESCE(t.after_product, g.after_product)) AS after_product_name,
         COALESCE(op.name, COALESCE(t.product_code, g.product_code)) AS product_name,
         COALESCE(t.shown, 0) AS shown, COALESCE(t.accepted, 0) AS accepted,
         COALESCE(t.gross, 0)::bigint AS gross, COALESCE(g.refunded, 0)::bigint AS refunded
    FROM taken t
    FULL JOIN given_back g
      ON g.after_product = t.after_product AND g.step = t.step AND g.product_code = t.product_code
    LEFT JOIN catalog_products ap ON ap.code = COALESCE(t.after_product, g.after_product)
    LEFT JOIN catalog_products op ON op.code = COALESCE(t.product_code, g.product_code)
   ORDER BY ap.position, 1, COALESCE(t.step, g.step), op.position, 3`;

// Offered: the product's paid first orders while the bump was on (its version current at the
// order's creation was active), and every order that carried it. A refund is shared among the
// order's lines by their amounts.
const BUMPS_SQL = `
  WITH offered AS (
    SELECT b.id AS bump_id, o.id AS order_id, ob.amount
      FROM catalog_bumps b
      JOIN orders o ON o.product_id = b.product_code
      LEFT JOIN order_bumps ob ON ob.order_id = o.id AND ob.bump_id = b.id
     WHERE o.parent_order_id IS NULL AND o.status ${PAID} AND o.created_at >= $1 AND o.created_at < $2
       AND ${countedOrderSql("o")}
       AND (ob.order_id IS NOT NULL OR (
         SELECT v.active FROM catalog_bump_versions v
          WHERE v.bump_id = b.id AND v.created_at <= o.created_at ORDER BY v.version DESC LIMIT 1))
  ), taken AS (
    SELECT bump_id, count(*)::int AS offered, count(amount)::int AS taken, COALESCE(sum(amount), 0)::bigint AS gross
      FROM offered GROUP BY bump_id
  ), given_back AS (
    SELECT ob.bump_id, round(sum(r.amount::numeric * ob.amount / o.total_amount))::bigint AS refunded
      FROM refunds r
      JOIN orders o ON o.id = r.order_id
      JOIN order_bumps ob ON ob.order_id = o.id
     WHERE r.created_at >= $1 AND r.created_at < $2 AND r.currency = 'usd' AND o.total_amount > 0
       AND ${countedOrderSql("o")}
     GROUP BY ob.bump_id
  )
  SELECT b.id AS bump_id, b.product_code, p.name AS product_name, b.bump_product_code, bp.name AS bump_product_name,
         COALESCE(t.offered, 0) AS offered, COALESCE(t.taken, 0) AS taken,
         COALESCE(t.gross, 0)::bigint AS gross, COALESCE(g.refunded, 0)::bigint AS refunded
    FROM catalog_bumps b
    JOIN catalog_products p ON p.code = b.product_code
    JOIN catalog_products bp ON bp.code = b.bump_product_code
    LEFT JOIN taken t ON t.bump_id = b.id
    LEFT JOIN given_back g ON g.bump_id = b.id
   WHERE t.bump_id IS NOT NULL OR g.bump_id IS NOT NULL
   ORDER BY p.position, bp.position, b.id`;

type OfferSqlRow = {
  after_product: string;
  step: OfferStepName;
  product_code: string;
  after_product_name: string;
  product_name: string;
  shown: number;
  accepted: number;
  gross: string;
  refunded: string;
};

type BumpSqlRow = {
  bump_id: string;
  product_code: string;
  product_name: string;
  bump_product_code: string;
  bump_product_name: string;
  offered: number;
  taken: number;
  gross: string;
  refunded: string;
};

/** Take rate, and net cents per buyer shown the offer and per visitor of the range. */
export function offerRates(input: { shown: number; taken: number; net: number; visitors: number }): Rates {
  return {
    net: input.net,
    takeRate: input.shown === 0 ? null : input.taken / input.shown,
    revenuePerBuyer: input.shown === 0 ? null : input.net / input.shown,
    revenuePerVisitor: input.visitors === 0 ? null : input.net / input.visitors,
  };
}

export async function offerReport(input: ReportRange, db: ReportDb = defaultReportDb()): Promise<OfferReport> {
  const params = [input.from, input.to];
  const [visitorRows, offerRows, bumpRows] = await Promise.all([
    db.query<{ visitors: number }>(VISITORS_SQL, params),
    db.query<OfferSqlRow>(OFFERS_SQL, params),
    db.query<BumpSqlRow>(BUMPS_SQL, params),
  ]);
  const visitors = visitorRows.rows[0]?.visitors ?? 0;
  // bigint comes back as a string; one offer's cents over a year stay far below 2^53.
  return {
    from: input.from,
    to: input.to,
    visitors,
    offers: offerRows.rows.map((r) => {
      const gross = Number(r.gross);
      const refunded = Number(r.refunded);
      return {
        afterProductId: r.after_product,
        afterProductName: r.after_product_name,
        step: r.step,
        productId: r.product_code,
        productName: r.product_name,
        shown: r.shown,
        accepted: r.accepted,
        gross,
        refunded,
        ...offerRates({ shown: r.shown, taken: r.accepted, net: gross - refunded, visitors }),
      };
    }),
    bumps: bumpRows.rows.map((r) => {
      const gross = Number(r.gross);
      const refunded = Number(r.refunded);
      return {
        bumpId: r.bump_id,
        productId: r.product_code,
        productName: r.product_name,
        bumpProductId: r.bump_product_code,
        bumpProductName: r.bump_product_name,
        offered: r.offered,
        taken: r.taken,
        gross,
        refunded,
        ...offerRates({ shown: r.offered, taken: r.taken, net: gross - refunded, visitors }),
      };
    }),
  };
}

import "server-only";
import { countedLeadSql, countedOrderSql } from "@/lib/shared/excluded-rows";
import { FUNNEL_STEPS, nestedStepSql, type FunnelStepKey } from "@/lib/leads/shared/funnel-steps";

// The one definition of the overview funnel, shared by the live report and the daily rollup
// (docs/operations.md#report-definitions). Sessions started in [$1, $2); $3, $4 the free and paid
// landings. Server records decide a step where they exist; browser events only where not. A step
// counts a session only if it also reached every earlier step of its landing's path, so each
// count is a subset of the one before it. A session of a lead flagged as test or spam, or with a
// flagged order, is left out whole.

export const FUNNEL_DIMENSIONS = ["landing", "offer_variant", "utm_source", "utm_campaign"] as const;

/** Cents, US dollars, net of every refund to date: all paid sessions, and those that skipped a step. */
export const FUNNEL_MONEY = ["net_revenue", "off_path_paid", "off_path_net_revenue"] as const;

const reached = (step: FunnelStepKey) => `r_${step}`;
const nested = (step: FunnelStepKey) => `(${nestedStepSql(step, reached, "path")})`;
const STEP_SUMS = FUNNEL_STEPS.map((step) => `(count(*) FILTER (WHERE ${nested(step)}))::int AS ${step}`).join(", ");
const MONEY_SUMS = [
  "COALESCE(sum(net), 0)::bigint AS net_revenue",
  `(count(*) FILTER (WHERE r_paid AND NOT ${nested("paid")}))::int AS off_path_paid`,
  `COALESCE(sum(net) FILTER (WHERE NOT ${nested("paid")}), 0)::bigint AS off_path_net_revenue`,
].join(", ");

export function funnelFactsSql(byDay: boolean): string {
  const day = byDay ? "(started_at AT TIME ZONE 'UTC')::date AS day, " : "";
  // LATERAL lookups: EXISTS ... OR EXISTS made the planner hash whole tables even for one day.
  return `
    WITH per AS (
      SELECT s.started_at, COALESCE(s.offer_variant, '') AS offer_variant,
             COALESCE(p.first_utm_source, s.utm_source) AS utm_source,
             COALESCE(p.first_utm_campaign, s.utm_campaign) AS utm_campaign,
             CASE WHEN ev.page = ANY($3::text[]) THEN 'free' WHEN ev.page = ANY($4::text[]) THEN 'paid' ELSE 'unknown' END AS landing,
             CASE WHEN ev.page = ANY($4::text[]) THEN 'paid' ELSE 'free' END AS path,
             ev.page IS NOT NULL AS r_page_load,
             s.prospect_id IS NOT NULL AS r_opt_in,
             sr.answered AS r_survey,
             s.offer_variant IS NOT NULL OR sr.qualified AS r_qualified_or_offer,
             ev.clicked OR od.ordered AS r_checkout,
             od.paid AS r_paid,
             od.net
        FROM funnel_sessions s
        LEFT JOIN LATERAL (
          SELECT p.first_utm_source, p.first_utm_campaign, NOT ${countedLeadSql("p")} AS flagged
            FROM prospects p WHERE p.id = s.prospect_id
        ) p ON true
        CROSS JOIN LATERAL (
          SELECT (array_agg(e.data->>'page' ORDER BY e.received_at, e.id) FILTER (WHERE e.action = 'page_load'))[1] AS page,
                 COALESCE(bool_or(e.action = 'checkout_click'), false) AS clicked
            FROM funnel_events e WHERE e.session_id = s.id
        ) ev
        CROSS JOIN LATERAL (
          SELECT count(*) > 0 AS answered, COALESCE(bool_or(r.qualified), false) AS qualified
            FROM survey_responses r WHERE r.session_id = s.id
        ) sr
        CROSS JOIN LATERAL (
          SELECT count(*) > 0 AS ordered, COALESCE(bool_or(o.status IN ('SUCCEEDED', 'REFUNDED')), false) AS paid,
                 COALESCE(sum(o.total_amount - (SELECT COALESCE(sum(f.amount), 0) FROM refunds f WHERE f.order_id = o.id))
                   FILTER (WHERE o.status IN ('SUCCEEDED', 'REFUNDED') AND o.currency = 'usd'), 0)::bigint AS net,
                 COALESCE(bool_or(NOT ${countedOrderSql("o")}), false) AS flagged
            FROM orders o WHERE o.contact_id = s.id
        ) od
       WHERE s.started_at >= $1 AND s.started_at < $2 AND p.flagged IS NOT TRUE AND NOT od.flagged
    )
    SELECT ${day}${FUNNEL_DIMENSIONS.join(", ")}, count(*)::int AS sessions, ${STEP_SUMS}, ${MONEY_SUMS}
      FROM per
     GROUP BY ${byDay ? "day, " : ""}${FUNNEL_DIMENSIONS.join(", ")}`;
}

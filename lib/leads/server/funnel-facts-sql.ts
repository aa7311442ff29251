import "server-only";
import { FUNNEL_STEPS } from "@/lib/leads/shared/funnel-steps";

// The one definition of the overview funnel, shared by the live report and the daily rollup
// (docs/operations.md#report-definitions). Sessions started in [$1, $2); $3, $4 the free and paid
// landings. Server records decide a step where they exist; browser events only where not.

export const FUNNEL_DIMENSIONS = ["landing", "offer_variant", "utm_source", "utm_campaign"] as const;

const STEP_SUMS = FUNNEL_STEPS.map((step) => `(count(*) FILTER (WHERE ${step}))::int AS ${step}`).join(", ");

export function funnelFactsSql(byDay: boolean): string {
  const day = byDay ? "(started_at AT TIME ZONE 'UTC')::date AS day, " : "";
  // LATERAL lookups: EXISTS ... OR EXISTS made the planner hash whole tables even for one day.
  return `
    WITH per AS (
      SELECT s.started_at, COALESCE(s.offer_variant, '') AS offer_variant,
             COALESCE(p.first_utm_source, s.utm_source) AS utm_source,
             COALESCE(p.first_utm_campaign, s.utm_campaign) AS utm_campaign,
             CASE WHEN ev.page = ANY($3::text[]) THEN 'free' WHEN ev.page = ANY($4::text[]) THEN 'paid' ELSE 'unknown' END AS landing,
             ev.page IS NOT NULL AS page_load,
             s.prospect_id IS NOT NULL AS opt_in,
             sr.answered AS survey,
             s.offer_variant IS NOT NULL OR sr.qualified AS qualified_or_offer,
             ev.clicked OR od.ordered AS checkout,
             od.paid AS paid
        FROM funnel_sessions s
        LEFT JOIN LATERAL (
          SELECT p.first_utm_source, p.first_utm_campaign FROM prospects p WHERE p.id = s.prospect_id
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
          SELECT count(*) > 0 AS ordered, COALESCE(bool_or(o.status IN ('SUCCEEDED', 'REFUNDED')), false) AS paid
            FROM orders o WHERE o.contact_id = s.id
        ) od
       WHERE s.started_at >= $1 AND s.started_at < $2
    )
    SELECT ${day}${FUNNEL_DIMENSIONS.join(", ")}, count(*)::int AS sessions, ${STEP_SUMS}
      FROM per
     GROUP BY ${byDay ? "day, " : ""}${FUNNEL_DIMENSIONS.join(", ")}`;
}

import "server-only";
import { FUNNEL_STEPS } from "@/lib/admin/shared/funnel-steps";

// The one definition of the overview funnel, shared by the live report and the daily rollup.
// Sessions started in [$1, $2); $3 and $4 are the free and paid landing pages. A step is read
// from the server's own records where there is one, the browser's events only where there is not:
//   page_load          a page_load event of the session (its first one names the landing)
//   opt_in             the session registered a prospect (funnel_sessions.prospect_id)
//   survey             a survey response of the session
//   qualified_or_offer a qualified survey response, or the session was shown the offer (offer_variant)
//   checkout           a checkout_click event, or an order with the session as contact
//   paid               an order of the session that was paid (SUCCEEDED, or REFUNDED afterwards)
// First touch: the prospect's first_utm_* when the session has one, else the session's own UTM.

export const FUNNEL_DIMENSIONS = ["landing", "offer_variant", "utm_source", "utm_campaign"] as const;

const STEP_SUMS = FUNNEL_STEPS.map((step) => `(count(*) FILTER (WHERE ${step}))::int AS ${step}`).join(", ");

/** Per segment (and per UTC day of the session's start when byDay), the sessions and each step's count. */
export function funnelFactsSql(byDay: boolean): string {
  const day = byDay ? "(started_at AT TIME ZONE 'UTC')::date AS day, " : "";
  return `
    WITH s AS (
      SELECT s.id, s.started_at, s.prospect_id, s.offer_variant,
             CASE WHEN p.id IS NULL THEN s.utm_source ELSE p.first_utm_source END AS utm_source,
             CASE WHEN p.id IS NULL THEN s.utm_campaign ELSE p.first_utm_campaign END AS utm_campaign
        FROM funnel_sessions s LEFT JOIN prospects p ON p.id = s.prospect_id
       WHERE s.started_at >= $1 AND s.started_at < $2
    ), per AS (
      SELECT s.started_at, s.utm_source, s.utm_campaign, COALESCE(s.offer_variant, '') AS offer_variant,
             CASE WHEN pl.page = ANY($3::text[]) THEN 'free' WHEN pl.page = ANY($4::text[]) THEN 'paid' ELSE 'unknown' END AS landing,
             pl.page IS NOT NULL AS page_load,
             s.prospect_id IS NOT NULL AS opt_in,
             EXISTS (SELECT 1 FROM survey_responses r WHERE r.session_id = s.id) AS survey,
             s.offer_variant IS NOT NULL
               OR EXISTS (SELECT 1 FROM survey_responses r WHERE r.session_id = s.id AND r.qualified) AS qualified_or_offer,
             EXISTS (SELECT 1 FROM funnel_events e WHERE e.session_id = s.id AND e.action = 'checkout_click')
               OR EXISTS (SELECT 1 FROM orders o WHERE o.contact_id = s.id) AS checkout,
             EXISTS (SELECT 1 FROM orders o WHERE o.contact_id = s.id AND o.status IN ('SUCCEEDED', 'REFUNDED')) AS paid
        FROM s
        LEFT JOIN LATERAL (
          SELECT e.data->>'page' AS page FROM funnel_events e
           WHERE e.session_id = s.id AND e.action = 'page_load'
           ORDER BY e.received_at, e.id LIMIT 1
        ) pl ON true
    )
    SELECT ${day}${FUNNEL_DIMENSIONS.join(", ")}, count(*)::int AS sessions, ${STEP_SUMS}
      FROM per
     GROUP BY ${byDay ? "day, " : ""}${FUNNEL_DIMENSIONS.join(", ")}`;
}

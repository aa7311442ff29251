import "server-only";
import { countedLeadSql, countedOrderSql } from "@/lib/shared/excluded-rows";

// Per variant of experiment $1: exposed visitors, the funnel steps they reached after exposure and
// net revenue. $2 is stopped_at: later activity is left out. Definitions:
// docs/product.md#what-the-results-count. Only sessions that may have reached a step are read (the
// partial index funnel_sessions_steps_idx); surveys and checkout clicks are hash-joined, duplicates
// being harmless under bool_or. Scanning every session and probing per session were the cost.
// Per UTC day of exposure too (a browser has one exposure per experiment): the totals are the sum
// of the days, and the posterior chart reads the days.
export const EXPERIMENT_RESULTS_SQL = `
  WITH x AS NOT MATERIALIZED (
    SELECT ee.browser_id, ee.variant, ee.exposed_at, to_char(ee.exposed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
      FROM experiment_exposures ee
     WHERE ee.experiment_id = $1::uuid
       -- another instance's cached state can assign for a few seconds after the stop
       AND ($2::timestamptz IS NULL OR ee.exposed_at < $2::timestamptz)
       -- a browser with a lead or an order flagged as test or spam is no visitor
       AND NOT EXISTS (SELECT 1 FROM funnel_sessions s JOIN prospects p ON p.id = s.prospect_id
                        WHERE s.browser_id = ee.browser_id AND NOT ${countedLeadSql("p")})
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.browser_id = ee.browser_id AND NOT ${countedOrderSql("o")})
  ),
  exposed AS (
    SELECT variant, day, count(*)::int AS visitors FROM x GROUP BY variant, day
  ),
  facts AS (
    SELECT * FROM (
      SELECT x.browser_id, x.variant, x.day, s.prospect_id IS NOT NULL AS opt_in,
             r.session_id IS NOT NULL AS survey,
             s.offer_variant IS NOT NULL OR COALESCE(r.qualified, false) AS qualified_or_offer,
             c.session_id IS NOT NULL AS checkout,
             false AS paid, 0 AS net
        FROM x JOIN funnel_sessions s ON s.browser_id = x.browser_id
        LEFT JOIN survey_responses r ON r.session_id = s.id
        LEFT JOIN funnel_events c ON c.session_id = s.id AND c.action = 'checkout_click'
       -- the predicate of funnel_sessions_steps_idx: a session outside it reached no step
       WHERE (s.reached_step OR s.prospect_id IS NOT NULL OR s.offer_variant IS NOT NULL)
         AND s.last_seen_at >= x.exposed_at AND ($2::timestamptz IS NULL OR s.started_at < $2::timestamptz)
    ) s
     WHERE opt_in OR survey OR qualified_or_offer OR checkout
    UNION ALL
    SELECT x.browser_id, x.variant, x.day, false, false, false, true, o.status IN ('SUCCEEDED', 'REFUNDED'),
           CASE WHEN o.status IN ('SUCCEEDED', 'REFUNDED')
                THEN o.total_amount - COALESCE((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id), 0)
                ELSE 0 END
      FROM x JOIN orders o ON o.browser_id = x.browser_id
     WHERE o.created_at >= x.exposed_at AND ($2::timestamptz IS NULL OR o.created_at < $2::timestamptz)
  ),
  converted AS (
    SELECT variant, day, bool_or(opt_in) AS opt_in, bool_or(survey) AS survey,
           bool_or(qualified_or_offer) AS qualified_or_offer, bool_or(checkout) AS checkout, bool_or(paid) AS paid,
           sum(net)::numeric AS net
      FROM facts GROUP BY browser_id, variant, day
  ),
  steps AS (
    SELECT variant, day,
           (count(*) FILTER (WHERE opt_in))::int AS opt_in,
           (count(*) FILTER (WHERE survey))::int AS survey,
           (count(*) FILTER (WHERE qualified_or_offer))::int AS qualified_or_offer,
           (count(*) FILTER (WHERE checkout))::int AS checkout,
           (count(*) FILTER (WHERE paid))::int AS paid,
           sum(net) AS revenue_sum, sum(net * net) AS revenue_sum_squares
      FROM converted GROUP BY variant, day
  )
  SELECT e.variant, e.day, e.visitors,
         COALESCE(s.opt_in, 0) AS opt_in, COALESCE(s.survey, 0) AS survey,
         COALESCE(s.qualified_or_offer, 0) AS qualified_or_offer, COALESCE(s.checkout, 0) AS checkout,
         COALESCE(s.paid, 0) AS paid,
         COALESCE(s.revenue_sum, 0)::text AS revenue_sum,
         COALESCE(s.revenue_sum_squares, 0)::text AS revenue_sum_squares
    FROM exposed e LEFT JOIN steps s ON s.variant = e.variant AND s.day = e.day`;

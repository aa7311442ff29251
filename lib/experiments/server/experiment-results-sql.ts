import "server-only";

// Per variant of one experiment ($1), its exposed visitors, the funnel steps they reached after
// their exposure and their net revenue, in one round trip. A visitor is a browser
// (experiment_exposures.browser_id); the steps are the overview's (funnel-facts-sql.ts), read from
// the server's own records, over the browser's sessions seen at or after its exposure:
//   opt_in             one of those sessions registered a prospect
//   survey             a survey response of one of those sessions
//   qualified_or_offer a qualified response, or one of those sessions was shown the offer
//   checkout           a checkout_click event of those sessions, or an order of the browser
//                      created at or after the exposure
//   paid               an order of the browser created at or after the exposure, SUCCEEDED or
//                      REFUNDED (paid, then refunded: still a paid conversion)
// Net revenue of a visitor: its paid orders' total_amount minus every refund of those orders.
// $2 is the experiment's stopped_at (null while it runs): sessions started and orders created
// from the stop on are left out, as from then on every visitor sees the rolled-out variant.
// The browser's joins are plain (not LATERAL) so the planner may hash them for a big experiment.
export const EXPERIMENT_RESULTS_SQL = `
  WITH x AS (
    SELECT browser_id, variant, exposed_at FROM experiment_exposures WHERE experiment_id = $1::uuid
  ),
  sess AS (
    SELECT x.browser_id, s.id, s.prospect_id, s.offer_variant
      FROM x JOIN funnel_sessions s ON s.browser_id = x.browser_id
     WHERE s.last_seen_at >= x.exposed_at AND ($2::timestamptz IS NULL OR s.started_at < $2::timestamptz)
  ),
  answered AS (
    SELECT r.session_id, bool_or(r.qualified) AS qualified
      FROM survey_responses r WHERE r.session_id IN (SELECT id FROM sess) GROUP BY r.session_id
  ),
  clicked AS (
    SELECT DISTINCT e.session_id
      FROM funnel_events e WHERE e.action = 'checkout_click' AND e.session_id IN (SELECT id FROM sess)
  ),
  sess_steps AS (
    SELECT s.browser_id,
           bool_or(s.prospect_id IS NOT NULL) AS opt_in,
           bool_or(a.session_id IS NOT NULL) AS survey,
           bool_or(s.offer_variant IS NOT NULL OR COALESCE(a.qualified, false)) AS qualified_or_offer,
           bool_or(c.session_id IS NOT NULL) AS clicked
      FROM sess s
      LEFT JOIN answered a ON a.session_id = s.id
      LEFT JOIN clicked c ON c.session_id = s.id
     GROUP BY s.browser_id
  ),
  ord AS (
    SELECT x.browser_id, o.id, o.status IN ('SUCCEEDED', 'REFUNDED') AS paid, o.total_amount
      FROM x JOIN orders o ON o.browser_id = x.browser_id
     WHERE o.created_at >= x.exposed_at AND ($2::timestamptz IS NULL OR o.created_at < $2::timestamptz)
  ),
  refunded AS (
    SELECT r.order_id, sum(r.amount) AS amount
      FROM refunds r WHERE r.order_id IN (SELECT id FROM ord WHERE paid) GROUP BY r.order_id
  ),
  ord_steps AS (
    SELECT o.browser_id, bool_or(o.paid) AS paid,
           COALESCE(sum(o.total_amount - COALESCE(r.amount, 0)) FILTER (WHERE o.paid), 0) AS net
      FROM ord o LEFT JOIN refunded r ON r.order_id = o.id
     GROUP BY o.browser_id
  ),
  per AS (
    SELECT x.variant,
           COALESCE(s.opt_in, false) AS opt_in,
           COALESCE(s.survey, false) AS survey,
           COALESCE(s.qualified_or_offer, false) AS qualified_or_offer,
           COALESCE(s.clicked, false) OR o.browser_id IS NOT NULL AS checkout,
           COALESCE(o.paid, false) AS paid,
           COALESCE(o.net, 0)::numeric AS net
      FROM x
      LEFT JOIN sess_steps s ON s.browser_id = x.browser_id
      LEFT JOIN ord_steps o ON o.browser_id = x.browser_id
  )
  SELECT variant,
         count(*)::int AS visitors,
         (count(*) FILTER (WHERE opt_in))::int AS opt_in,
         (count(*) FILTER (WHERE survey))::int AS survey,
         (count(*) FILTER (WHERE qualified_or_offer))::int AS qualified_or_offer,
         (count(*) FILTER (WHERE checkout))::int AS checkout,
         (count(*) FILTER (WHERE paid))::int AS paid,
         sum(net)::text AS revenue_sum,
         sum(net * net)::text AS revenue_sum_squares
    FROM per
   GROUP BY variant`;

import "server-only";
import { flaggedBrowsersSql } from "@/lib/shared/excluded-rows";

// Per variant and UTC day of exposure of experiment $1: exposed visitors, the funnel steps they
// reached after exposure and net revenue, from each exposure's outcome (kept by triggers: migration
// experiment_exposure_outcomes; definitions: docs/product.md#what-the-results-count). $2 is
// stopped_at: another instance's cached state can assign for a few seconds after the stop. The
// totals are the sum of the days, and the posterior chart reads the days.
export const EXPERIMENT_RESULTS_SQL = `
  WITH flagged AS MATERIALIZED (
${flaggedBrowsersSql()}
  )
  SELECT x.variant, to_char((x.exposed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS visitors,
         (count(*) FILTER (WHERE x.opt_in))::int AS opt_in,
         (count(*) FILTER (WHERE x.survey))::int AS survey,
         (count(*) FILTER (WHERE x.qualified_or_offer))::int AS qualified_or_offer,
         (count(*) FILTER (WHERE x.checkout))::int AS checkout,
         (count(*) FILTER (WHERE x.paid))::int AS paid,
         sum(x.net)::text AS revenue_sum,
         sum(x.net::bigint * x.net)::text AS revenue_sum_squares
    FROM experiment_exposures x
   WHERE x.experiment_id = $1::uuid
     AND ($2::timestamptz IS NULL OR x.exposed_at < $2::timestamptz)
     AND x.browser_id NOT IN (SELECT browser_id FROM flagged)
   GROUP BY x.variant, (x.exposed_at AT TIME ZONE 'UTC')::date`;

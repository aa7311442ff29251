-- AlterTable
ALTER TABLE "experiment_exposures" ADD COLUMN     "checkout" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "net" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "opt_in" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "paid" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "qualified_or_offer" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "survey" BOOLEAN NOT NULL DEFAULT false;

-- Written by hand (Prisma's schema declares neither functions, triggers nor partial indexes). Each
-- exposure keeps what its browser reached after it, so the results read one row per visitor
-- instead of joining every exposure to the sessions. A change to any source row recomputes the
-- outcome of that browser's exposures from scratch. Function bodies spell semicolons as \003B
-- inside U& strings: the migration runner splits its script at every semicolon.

-- One exposure's outcome: the steps of the browser's sessions seen since the exposure (and begun
-- before the stop), and its orders made between the exposure and the stop, net of refunds.
CREATE FUNCTION "experiment_exposure_outcome"(b text, exposed timestamptz, stopped timestamptz)
  RETURNS TABLE (opt_in boolean, survey boolean, qualified_or_offer boolean, checkout boolean, paid boolean, net integer)
  LANGUAGE sql STABLE AS U&'
  SELECT COALESCE(s.opt_in, false), COALESCE(s.survey, false), COALESCE(s.qualified_or_offer, false),
         COALESCE(s.checkout, false) OR o.any_order, COALESCE(o.paid, false), o.net
    FROM (SELECT bool_or(fs."prospect_id" IS NOT NULL) AS opt_in,
                 bool_or(EXISTS (SELECT 1 FROM "survey_responses" r WHERE r."session_id" = fs."id")) AS survey,
                 bool_or(fs."offer_variant" IS NOT NULL
                         OR EXISTS (SELECT 1 FROM "survey_responses" r WHERE r."session_id" = fs."id" AND r."qualified"))
                   AS qualified_or_offer,
                 bool_or(EXISTS (SELECT 1 FROM "funnel_events" c
                                  WHERE c."session_id" = fs."id" AND c."action" = ''checkout_click'')) AS checkout
            FROM "funnel_sessions" fs
           WHERE fs."browser_id" = b AND fs."last_seen_at" >= exposed
             AND (stopped IS NULL OR fs."started_at" < stopped)) s,
         (SELECT count(*) > 0 AS any_order,
                 bool_or(o."status" IN (''SUCCEEDED'', ''REFUNDED'')) AS paid,
                 COALESCE(sum(CASE WHEN o."status" IN (''SUCCEEDED'', ''REFUNDED'')
                                   THEN o."total_amount" - COALESCE((SELECT sum(r."amount") FROM "refunds" r
                                                                      WHERE r."order_id" = o."id"), 0)
                                   ELSE 0 END), 0)::integer AS net
            FROM "orders" o
           WHERE o."browser_id" = b AND o."created_at" >= exposed
             AND (stopped IS NULL OR o."created_at" < stopped)) o';

-- Recompute the exposures of one browser, or of one experiment, writing only the changed rows.
CREATE FUNCTION "experiment_exposures_refresh"(b text) RETURNS void LANGUAGE plpgsql AS U&'
BEGIN
  UPDATE "experiment_exposures" x
     SET ("opt_in", "survey", "qualified_or_offer", "checkout", "paid", "net") =
         (n.opt_in, n.survey, n.qualified_or_offer, n.checkout, n.paid, n.net)
    FROM (SELECT y."experiment_id", f.*
            FROM "experiment_exposures" y
            JOIN "experiments" e ON e."id" = y."experiment_id"
           CROSS JOIN LATERAL "experiment_exposure_outcome"(y."browser_id", y."exposed_at", e."stopped_at") f
           WHERE y."browser_id" = b) n
   WHERE x."browser_id" = b AND x."experiment_id" = n."experiment_id"
     AND (x."opt_in", x."survey", x."qualified_or_offer", x."checkout", x."paid", x."net")
         IS DISTINCT FROM (n.opt_in, n.survey, n.qualified_or_offer, n.checkout, n.paid, n.net)\003B
END';

-- since: the stop moved earlier, to this time. Only a browser with a session begun or an order made
-- at or after it can lose a step, so only its exposures are read. Null: all of them.
CREATE FUNCTION "experiment_exposures_refresh_experiment"(exp uuid, since timestamptz) RETURNS void
  LANGUAGE plpgsql AS U&'
BEGIN
  UPDATE "experiment_exposures" x
     SET ("opt_in", "survey", "qualified_or_offer", "checkout", "paid", "net") =
         (n.opt_in, n.survey, n.qualified_or_offer, n.checkout, n.paid, n.net)
    FROM (SELECT y."browser_id", f.*
            FROM "experiment_exposures" y
            JOIN "experiments" e ON e."id" = y."experiment_id"
           CROSS JOIN LATERAL "experiment_exposure_outcome"(y."browser_id", y."exposed_at", e."stopped_at") f
           WHERE y."experiment_id" = exp
             AND (since IS NULL
                  OR y."browser_id" IN (SELECT s."browser_id" FROM "funnel_sessions" s WHERE s."started_at" >= since)
                  OR y."browser_id" IN (SELECT o."browser_id" FROM "orders" o WHERE o."created_at" >= since))) n
   WHERE x."experiment_id" = exp AND x."browser_id" = n."browser_id"
     AND (x."opt_in", x."survey", x."qualified_or_offer", x."checkout", x."paid", x."net")
         IS DISTINCT FROM (n.opt_in, n.survey, n.qualified_or_offer, n.checkout, n.paid, n.net)\003B
END';

-- Sessions, orders and exposures name their browser, survey answers and clicks their session,
-- refunds their order. A row moved to another browser refreshes both.
CREATE FUNCTION "experiment_outcomes_on_browser_row"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    PERFORM "experiment_exposures_refresh"(NEW."browser_id")\003B
  ELSIF TG_OP = ''DELETE'' THEN
    PERFORM "experiment_exposures_refresh"(OLD."browser_id")\003B
  ELSE
    PERFORM "experiment_exposures_refresh"(NEW."browser_id")\003B
    IF NEW."browser_id" IS DISTINCT FROM OLD."browser_id" THEN
      PERFORM "experiment_exposures_refresh"(OLD."browser_id")\003B
    END IF\003B
  END IF\003B
  RETURN NULL\003B
END';

CREATE FUNCTION "experiment_outcomes_on_session_row"() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  ids text[]\003B
BEGIN
  IF TG_OP = ''INSERT'' THEN ids := ARRAY[NEW."session_id"]\003B
  ELSIF TG_OP = ''DELETE'' THEN ids := ARRAY[OLD."session_id"]\003B
  ELSE ids := ARRAY[NEW."session_id", OLD."session_id"]\003B
  END IF\003B
  PERFORM "experiment_exposures_refresh"(b)
     FROM (SELECT DISTINCT s."browser_id" AS b FROM "funnel_sessions" s WHERE s."id" = ANY (ids)) sb\003B
  RETURN NULL\003B
END';

CREATE FUNCTION "experiment_outcomes_on_refund_row"() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  ids uuid[]\003B
BEGIN
  IF TG_OP = ''INSERT'' THEN ids := ARRAY[NEW."order_id"]\003B
  ELSIF TG_OP = ''DELETE'' THEN ids := ARRAY[OLD."order_id"]\003B
  ELSE ids := ARRAY[NEW."order_id", OLD."order_id"]\003B
  END IF\003B
  PERFORM "experiment_exposures_refresh"(b)
     FROM (SELECT DISTINCT o."browser_id" AS b FROM "orders" o WHERE o."id" = ANY (ids)) ob\003B
  RETURN NULL\003B
END';

-- A stop, or a stop moved earlier, can only take steps away. Any other change recounts them all.
CREATE FUNCTION "experiment_outcomes_on_stop"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM "experiment_exposures_refresh_experiment"(NEW."id",
    CASE WHEN NEW."stopped_at" < OLD."stopped_at" OR (OLD."stopped_at" IS NULL AND NEW."stopped_at" IS NOT NULL)
         THEN NEW."stopped_at" END)\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "experiment_exposures_outcome" AFTER INSERT OR UPDATE OF "browser_id", "exposed_at" ON "experiment_exposures"
  FOR EACH ROW EXECUTE FUNCTION "experiment_outcomes_on_browser_row"();

-- A session without a step changes no outcome, so a page view of a visitor who never opted in,
-- answered or clicked to check out skips the refresh.
CREATE TRIGGER "funnel_sessions_experiment_outcomes_insert" AFTER INSERT ON "funnel_sessions"
  FOR EACH ROW WHEN (NEW."prospect_id" IS NOT NULL OR NEW."offer_variant" IS NOT NULL OR NEW."reached_step")
  EXECUTE FUNCTION "experiment_outcomes_on_browser_row"();
CREATE TRIGGER "funnel_sessions_experiment_outcomes_update" AFTER UPDATE OF "browser_id", "prospect_id", "offer_variant", "reached_step", "last_seen_at", "started_at" ON "funnel_sessions"
  FOR EACH ROW WHEN (NEW."prospect_id" IS NOT NULL OR NEW."offer_variant" IS NOT NULL OR NEW."reached_step"
                     OR OLD."prospect_id" IS NOT NULL OR OLD."offer_variant" IS NOT NULL OR OLD."reached_step")
  EXECUTE FUNCTION "experiment_outcomes_on_browser_row"();
CREATE TRIGGER "funnel_sessions_experiment_outcomes_delete" AFTER DELETE ON "funnel_sessions"
  FOR EACH ROW WHEN (OLD."prospect_id" IS NOT NULL OR OLD."offer_variant" IS NOT NULL OR OLD."reached_step")
  EXECUTE FUNCTION "experiment_outcomes_on_browser_row"();

CREATE TRIGGER "orders_experiment_outcomes" AFTER INSERT OR DELETE OR UPDATE OF "browser_id", "status", "total_amount", "created_at" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "experiment_outcomes_on_browser_row"();

CREATE TRIGGER "survey_responses_experiment_outcomes" AFTER INSERT OR DELETE OR UPDATE OF "session_id", "qualified" ON "survey_responses"
  FOR EACH ROW EXECUTE FUNCTION "experiment_outcomes_on_session_row"();

CREATE TRIGGER "funnel_events_experiment_outcomes_insert" AFTER INSERT ON "funnel_events"
  FOR EACH ROW WHEN (NEW."action" = 'checkout_click') EXECUTE FUNCTION "experiment_outcomes_on_session_row"();
CREATE TRIGGER "funnel_events_experiment_outcomes_update" AFTER UPDATE OF "session_id", "action" ON "funnel_events"
  FOR EACH ROW WHEN (NEW."action" = 'checkout_click' OR OLD."action" = 'checkout_click')
  EXECUTE FUNCTION "experiment_outcomes_on_session_row"();
CREATE TRIGGER "funnel_events_experiment_outcomes_delete" AFTER DELETE ON "funnel_events"
  FOR EACH ROW WHEN (OLD."action" = 'checkout_click') EXECUTE FUNCTION "experiment_outcomes_on_session_row"();

CREATE TRIGGER "refunds_experiment_outcomes" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "amount" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "experiment_outcomes_on_refund_row"();

CREATE TRIGGER "experiments_experiment_outcomes" AFTER UPDATE OF "stopped_at" ON "experiments"
  FOR EACH ROW WHEN (NEW."stopped_at" IS DISTINCT FROM OLD."stopped_at")
  EXECUTE FUNCTION "experiment_outcomes_on_stop"();

-- The results leave out browsers with a flagged lead or order: few rows, found by these.
CREATE INDEX "prospects_flagged_idx" ON "prospects"("id") WHERE "excluded_as" IS NOT NULL;
CREATE INDEX "orders_flagged_idx" ON "orders"("browser_id") WHERE "excluded_as" IS NOT NULL;

-- The results no longer join sessions: the index that narrowed that join goes.
DROP INDEX "funnel_sessions_steps_idx";

-- Existing exposures.
SELECT "experiment_exposures_refresh_experiment"(e."id", NULL) FROM "experiments" e;

-- AlterTable
ALTER TABLE "funnel_sessions" ADD COLUMN     "reached_step" BOOLEAN NOT NULL DEFAULT false;

-- Written by hand (Prisma's schema declares neither triggers nor partial indexes). The split-test
-- results need only sessions that may have reached a step: a lead, the offer, a survey answer or a
-- checkout click. The last two live in other tables, so triggers flag the session when one is
-- stored, and when a session is created after them. The flag is never cleared: a stale one costs a
-- candidate row, while the results still count every step from the source rows.
UPDATE "funnel_sessions" s SET "reached_step" = true
 WHERE EXISTS (SELECT 1 FROM "survey_responses" r WHERE r."session_id" = s."id")
    OR EXISTS (SELECT 1 FROM "funnel_events" e WHERE e."session_id" = s."id" AND e."action" = 'checkout_click');

-- The migration runner splits its script at every semicolon, so the function bodies below spell
-- theirs as the escape \003B inside U& strings.
CREATE FUNCTION "funnel_session_reached_step"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  UPDATE "funnel_sessions" SET "reached_step" = true WHERE "id" = NEW."session_id" AND NOT "reached_step"\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "survey_responses_reached_step" AFTER INSERT OR UPDATE OF "session_id" ON "survey_responses"
  FOR EACH ROW EXECUTE FUNCTION "funnel_session_reached_step"();

CREATE TRIGGER "funnel_events_reached_step" AFTER INSERT OR UPDATE OF "session_id", "action" ON "funnel_events"
  FOR EACH ROW WHEN (NEW."action" = 'checkout_click') EXECUTE FUNCTION "funnel_session_reached_step"();

CREATE FUNCTION "funnel_session_reached_step_on_insert"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW."reached_step" := NEW."reached_step"
    OR EXISTS (SELECT 1 FROM "survey_responses" r WHERE r."session_id" = NEW."id")
    OR EXISTS (SELECT 1 FROM "funnel_events" e WHERE e."session_id" = NEW."id" AND e."action" = ''checkout_click'')\003B
  RETURN NEW\003B
END';

CREATE TRIGGER "funnel_sessions_reached_step" BEFORE INSERT ON "funnel_sessions"
  FOR EACH ROW EXECUTE FUNCTION "funnel_session_reached_step_on_insert"();

CREATE INDEX "funnel_sessions_steps_idx" ON "funnel_sessions"("browser_id")
  INCLUDE ("id", "started_at", "last_seen_at", "prospect_id", "offer_variant")
  WHERE "reached_step" OR "prospect_id" IS NOT NULL OR "offer_variant" IS NOT NULL;

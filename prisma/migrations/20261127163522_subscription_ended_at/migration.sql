-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "ended_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "subscriptions_ended_at_idx" ON "subscriptions"("ended_at");

-- Hand-written: ended_at follows the status on every path that writes it (both gateways' syncs,
-- the demo renewals, later ones), stamped when it turns canceled and cleared if it ever leaves.
-- The body spells semicolons as \003B, as the migration runner splits statements on them.
CREATE FUNCTION "subscriptions_ended_at"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF NEW.status <> ''canceled'' THEN
    NEW.ended_at := NULL\003B
  ELSIF TG_OP = ''INSERT'' OR OLD.status IS DISTINCT FROM ''canceled'' THEN
    NEW.ended_at := COALESCE(NEW.ended_at, now())\003B
  ELSE
    NEW.ended_at := COALESCE(NEW.ended_at, OLD.ended_at, now())\003B
  END IF\003B
  RETURN NEW\003B
END';
CREATE TRIGGER "subscriptions_ended_at" BEFORE INSERT OR UPDATE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "subscriptions_ended_at"();

-- Subscriptions canceled before this column: their last update is the best record of when.
UPDATE "subscriptions" SET "ended_at" = "updated_at" WHERE "status" = 'canceled';

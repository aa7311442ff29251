-- AlterTable
ALTER TABLE "funnel_rollup_days" ADD COLUMN     "leads" INTEGER NOT NULL DEFAULT 0;

-- Days rolled up before this column existed get their count now (the job keeps it from here on).
UPDATE "funnel_rollup_days" r
   SET "leads" = (SELECT count(*) FROM "prospects" p
                   WHERE p."created_at" >= (r."day"::timestamp AT TIME ZONE 'UTC')
                     AND p."created_at" < ((r."day" + 1)::timestamp AT TIME ZONE 'UTC'));

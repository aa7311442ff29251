-- AlterTable
ALTER TABLE "funnel_daily_stats" ADD COLUMN     "net_revenue" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "off_path_net_revenue" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "off_path_paid" INTEGER NOT NULL DEFAULT 0;

-- Steps now count a session only if it passed every earlier step of its path, and days carry
-- revenue: rows counted the old way would mix with new ones, so the rollup starts over. The
-- funnel-rollup job refills old days (31 a run) and the report counts uncovered days live meanwhile.
DELETE FROM "funnel_daily_stats";
DELETE FROM "funnel_rollup_days";

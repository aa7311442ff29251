import "server-only";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { runFunnelRollup } from "./funnel-rollup";
import { log } from "@/lib/platform/server/logger";

export const funnelRollupJob: JobHandler = async () => {
  const { recounted, stale, backfilled } = await runFunnelRollup();
  log.info(
    `[console] funnel rollup: last ${recounted} days recounted, ${stale} older changed days recounted, ${backfilled} older days filled`,
  );
};

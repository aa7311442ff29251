import "server-only";
import type { JobHandler } from "@/lib/jobs/server/handlers";
import { runFunnelRollup } from "./funnel-rollup";

export const funnelRollupJob: JobHandler = async () => {
  const { recounted, backfilled } = await runFunnelRollup();
  console.log(`[console] funnel rollup: last ${recounted} days recounted, ${backfilled} older days filled`);
};

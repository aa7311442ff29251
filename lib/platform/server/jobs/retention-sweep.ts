import "server-only";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { purgeJobPayloads } from "@/lib/platform/server/jobs/purge-job-payloads";
import { purgeEmailBodies } from "@/lib/platform/server/mail/purge-email-bodies";
import { log } from "@/lib/platform/server/logger";

// Daily: personal data and spent links kept only as long as the configuration says.

export const retentionSweepJob: JobHandler = async () => {
  const bodies = await purgeEmailBodies();
  const jobs = await purgeJobPayloads();
  log.info(`[retention] ${bodies} e-mail bodies blanked, ${jobs} finished jobs deleted`);
};

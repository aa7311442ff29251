import "server-only";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { log } from "@/lib/platform/server/logger";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { gatewayMode } from "@/lib/payments/server/select-gateway";
import { enrollEntries } from "@/lib/lifecycle/server/enroll-entries";
import {
  advanceNextEnrollment,
  SequenceStepError,
  type AdvanceCounts,
} from "@/lib/lifecycle/server/advance-enrollments";

// The lifecycle run (docs/decisions/0047): enrolls the leads whose entry event happened since the
// last run, then takes every due step. Nothing below calls it: it reads what the funnel wrote.

export type LifecycleCounts = AdvanceCounts & { enrolled: number; failures: number };

/** The demo clock in demo mode, as renewals and dunning, so a demonstration can reach next week. */
export async function lifecycleNow(): Promise<Date> {
  return gatewayMode() === "demo" ? demoNow() : new Date();
}

/** `maxSteps`: stop after that many enrollments, as a worker stopped mid-run would. */
export type LifecycleSweepOptions = { now?: Date; maxSteps?: number };

export async function sweepLifecycle(options: LifecycleSweepOptions = {}): Promise<LifecycleCounts> {
  const now = options.now ?? (await lifecycleNow());
  const counts: LifecycleCounts = { enrolled: 0, failures: 0, sent: 0, scheduled: 0, completed: 0, exited: 0 };
  counts.enrolled = await enrollEntries();
  const failed: string[] = [];
  for (let steps = 0; options.maxSteps === undefined || steps < options.maxSteps; steps++) {
    let id: string | null;
    try {
      id = await advanceNextEnrollment(now, counts, failed);
    } catch (error) {
      // One enrollment that cannot advance (rolled back whole) must not hold up the others.
      if (!(error instanceof SequenceStepError)) throw error;
      counts.failures += 1;
      log.error(`[lifecycle] ${error.message}`);
      failed.push(error.enrollmentId);
      continue;
    }
    if (id === null) break;
  }
  return counts;
}

export const lifecycleSweepJob: JobHandler = async () => {
  const c = await sweepLifecycle();
  log.info(
    `[sweep] lifecycle: ${c.enrolled} enrolled, ${c.sent} sent, ${c.exited} exited, ${c.completed} completed` +
      (c.failures ? `, ${c.failures} failed` : ""),
  );
};

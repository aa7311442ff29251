import "server-only";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { log } from "@/lib/platform/server/logger";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { cancelSubscriptionNow } from "@/lib/payments/server/cancel-subscription-now";
import { gatewayMode } from "@/lib/payments/server/select-gateway";
import { openDunningCases } from "@/lib/billing/server/open-dunning-cases";
import { recoverDunningCases, restoreEndedAccess } from "@/lib/billing/server/close-dunning-cases";
import {
  advanceNextDunningCase,
  casesToEnd,
  DunningStepError,
  type StepCounts,
} from "@/lib/billing/server/advance-dunning-cases";

// The dunning run (docs/decisions/0040): opens a case for each new failed renewal, closes those
// paid since, cancels the subscriptions whose schedule ran out, then takes every due step.
// Payments never call it: it reads what the renewal recording left.

export type DunningCounts = StepCounts & { opened: number; restored: number; failures: number };

/** The gateway's time: the demo clock in demo mode, as the renewals it follows. */
export async function dunningNow(): Promise<Date> {
  return gatewayMode() === "demo" ? demoNow() : new Date();
}

/** `maxSteps`: stop after that many steps, as a worker stopped mid-run would. */
export type SweepOptions = { now?: Date; maxSteps?: number };

export async function sweepDunning(options: SweepOptions = {}): Promise<DunningCounts> {
  const now = options.now ?? (await dunningNow());
  const counts: DunningCounts = {
    opened: 0,
    restored: 0,
    failures: 0,
    notices: 0,
    retriesPaid: 0,
    recovered: 0,
    ended: 0,
  };
  let steps = 0;
  const failed: string[] = [];
  // A clock moved on by weeks walks each case through its steps; each pass may reach more ends.
  for (;;) {
    counts.opened += await openDunningCases(now);
    counts.recovered += await recoverDunningCases(now);
    counts.restored += await restoreEndedAccess(now);
    for (const subscriptionId of await casesToEnd(now)) {
      try {
        await cancelSubscriptionNow(subscriptionId);
      } catch (error) {
        // The next run tries again; the case waits at its end step meanwhile.
        counts.failures += 1;
        log.warn(`[dunning] could not cancel ${subscriptionId}: ${error instanceof Error ? error.name : "unknown"}`);
      }
    }
    let advanced = 0;
    for (;;) {
      if (options.maxSteps !== undefined && steps >= options.maxSteps) return counts;
      let caseId: string | null;
      try {
        caseId = await advanceNextDunningCase(now, counts, failed);
      } catch (error) {
        // One case that cannot advance (its step rolled back whole) must not hold up the others.
        if (!(error instanceof DunningStepError)) throw error;
        counts.failures += 1;
        log.error(`[dunning] ${error.message}`);
        failed.push(error.caseId);
        continue;
      }
      if (caseId === null) break;
      steps += 1;
      advanced += 1;
    }
    if (advanced === 0) return counts;
  }
}

export const dunningSweepJob: JobHandler = async () => {
  const c = await sweepDunning();
  log.info(
    `[sweep] dunning: ${c.opened} opened, ${c.notices} notices, ${c.recovered} recovered, ${c.ended} ended, ` +
      `${c.restored} access restored`,
  );
};

import "server-only";
import { log as logger } from "@/lib/platform/server/logger";
import { reportLater } from "@/lib/platform/server/report-later";

// One log line per lost event would flood the log when it is needed most: counted and reported per interval.

export const LOSS_REPORT_INTERVAL_MS = 10_000;

type Reporter = { record: (reason: string) => void };

export function createLossReporter(
  log: (line: string) => void = (line) => logger.warn(line),
  intervalMs = LOSS_REPORT_INTERVAL_MS,
): Reporter {
  let lost = 0;
  let lastReason = "";
  const report = reportLater(intervalMs, () => {
    const seconds = Math.round(intervalMs / 1000);
    log(`[tracking] database unavailable: ${lost} funnel event(s) lost in the last ${seconds} s (${lastReason})`);
    lost = 0;
  });
  return {
    record(reason) {
      lost += 1;
      lastReason = reason;
      report();
    },
  };
}

const defaultReporter = createLossReporter();

export function recordLostEvent(reason: string): void {
  defaultReporter.record(reason);
}

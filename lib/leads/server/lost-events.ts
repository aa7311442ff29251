import "server-only";
import { log as logger } from "@/lib/platform/server/logger";

// While PostgreSQL is down every funnel event is lost (track-action still answers 202, so
// tracking never blocks a visitor). One log line per lost event would flood the log exactly
// when an operator needs to read it, so losses are counted and reported once per interval.

export const LOSS_REPORT_INTERVAL_MS = 10_000;

type Reporter = { record: (reason: string) => void };

export function createLossReporter(
  log: (line: string) => void = (line) => logger.warn(line),
  intervalMs = LOSS_REPORT_INTERVAL_MS,
): Reporter {
  let lost = 0;
  let lastReason = "";
  let timer: NodeJS.Timeout | null = null;
  const report = () => {
    timer = null;
    const seconds = Math.round(intervalMs / 1000);
    log(`[tracking] database unavailable: ${lost} funnel event(s) lost in the last ${seconds} s (${lastReason})`);
    lost = 0;
  };
  return {
    record(reason) {
      lost += 1;
      lastReason = reason;
      if (timer) return;
      timer = setTimeout(report, intervalMs);
      // Never keeps a process alive only to say how many events it lost.
      timer.unref();
    },
  };
}

const defaultReporter = createLossReporter();

export function recordLostEvent(reason: string): void {
  defaultReporter.record(reason);
}

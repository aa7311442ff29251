import "server-only";
import { log as logger } from "@/lib/platform/server/logger";
import { reportLater } from "@/lib/platform/server/report-later";

// Per-request log lines would flood the log when it is needed most: counted per path, reported per interval.

export const OUTAGE_REPORT_INTERVAL_MS = 10_000;

type OutageReporter = { record: (path: string) => void };

export function createOutageReporter(
  log: (line: string) => void = (line) => logger.error(line),
  intervalMs = OUTAGE_REPORT_INTERVAL_MS,
): OutageReporter {
  const counts = new Map<string, number>();
  const report = reportLater(intervalMs, () => {
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const perPath = [...counts].map(([path, n]) => `${path}: ${n}`).join(", ");
    const seconds = Math.round(intervalMs / 1000);
    log(`[api] database unavailable: ${total} request(s) answered 503 in the last ${seconds} s (${perPath})`);
    counts.clear();
  });
  return {
    record(path) {
      counts.set(path, (counts.get(path) ?? 0) + 1);
      report();
    },
  };
}

const defaultReporter = createOutageReporter();

export function recordOutage(path: string): void {
  defaultReporter.record(path);
}

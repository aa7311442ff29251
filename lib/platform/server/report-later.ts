import "server-only";

/**
 * A trigger that runs `report` once, `intervalMs` after the first trigger since the last report:
 * a burst of failures becomes one log line per interval. The timer does not hold the process open.
 */
export function reportLater(intervalMs: number, report: () => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      report();
    }, intervalMs);
    timer.unref();
  };
}

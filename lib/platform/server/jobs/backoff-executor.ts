import "server-only";
import type PgBoss from "pg-boss";

// With the database down, workers would try to connect per queue per second; failures pause the
// next statements instead (1 s doubling to 30 s).

export type Backoff = { failures: number; until: number };

const MAX_PAUSE_MS = 30_000;

export function pauseAfter(failures: number): number {
  return Math.min(MAX_PAUSE_MS, 1_000 * 2 ** Math.max(0, failures - 1));
}

type Watch = { onDown?: (error: unknown) => void; onUp?: (failures: number) => void; now?: () => number };

export function withBackoff(inner: PgBoss.Db, watch: Watch = {}): PgBoss.Db & { state: Backoff } {
  const now = watch.now ?? Date.now;
  const state: Backoff = { failures: 0, until: 0 };
  return {
    state,
    async executeSql(text, values) {
      if (now() < state.until) throw new Error("database unavailable; pausing before the next attempt");
      try {
        const result = await inner.executeSql(text, values);
        if (state.failures > 0) watch.onUp?.(state.failures);
        state.failures = 0;
        return result;
      } catch (error) {
        if (isConnectionError(error)) {
          // pg-boss swallows failed fetches, so this is where an outage becomes visible.
          if (state.failures === 0) watch.onDown?.(error);
          state.failures += 1;
          state.until = now() + pauseAfter(state.failures);
        }
        throw error;
      }
    },
  };
}

function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || code === "57P01" || code === "57P03")) return true;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|timeout exceeded when trying to connect|Connection terminated|the database system is (starting up|shutting down)/i.test(
    error.message,
  );
}

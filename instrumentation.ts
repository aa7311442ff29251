// Runs once when the Next.js server starts: a bad environment stops start-up with a message that
// names each bad variable, instead of failing later on the first request that needs it. Then the
// Node.js server gets its one log line per request (lib/platform/server/request-tracing.ts) and a
// clean exit after draining on SIGTERM (lib/platform/server/graceful-exit.ts), and the page cache
// (scripts/lib/page-cache-handler.mjs) its way to the same logger.
export async function register(): Promise<void> {
  const { getConfig } = await import("@/lib/platform/server/config");
  getConfig();
  // Next.js inlines NEXT_RUNTIME per bundle (its documented pattern, which drops the Node.js-only
  // imports below from an Edge bundle); it is not configuration, hence not getConfig().
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { registerRequestLog } = await import("@/lib/platform/server/request-tracing");
  const { exitCleanlyAfterDrain } = await import("@/lib/platform/server/graceful-exit");
  const { shareLoggerWithPageCache } = await import("@/lib/platform/server/logger");
  registerRequestLog();
  shareLoggerWithPageCache();
  exitCleanlyAfterDrain();
}

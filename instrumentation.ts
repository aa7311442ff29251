// A bad environment stops start-up naming each variable, instead of failing on the first request.
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
  const { shareForwardingCheckWithFront } = await import("@/lib/platform/server/security/forwarding-check");
  const { sharePolicyWithPageCache } = await import("@/lib/site/server/cached-page-policy");
  registerRequestLog();
  shareLoggerWithPageCache();
  shareForwardingCheckWithFront();
  sharePolicyWithPageCache();
  exitCleanlyAfterDrain();
}

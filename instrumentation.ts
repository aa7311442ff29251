// Runs once when the Next.js server starts: a bad environment stops start-up with a message that
// names each bad variable, instead of failing later on the first request that needs it.
export async function register(): Promise<void> {
  const { getConfig } = await import("@/lib/platform/server/config");
  getConfig();
}

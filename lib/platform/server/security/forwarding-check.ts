import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { log } from "@/lib/platform/server/logger";
import { errorBody, errorHeaders, unavailable } from "@/lib/platform/shared/api-error";
import { isPrivateHost } from "@/lib/shared/private-host";

// A public site whose TRUSTED_PROXY_HOPS does not match what forwards to it would give every
// client one rate-limit budget (or believe a client-written address). No server can tell before
// its first request, so the HTTP front asks this per request and answers a mismatch with a 503
// (docs/operations.md#the-http-front-and-the-client-address).

export type FrontAnswer = { status: number; headers: Record<string, string>; body: string };
export type ForwardingCheck = (forwardedFor: string | undefined, url: string | undefined) => FrontAnswer | null;

/** scripts/run/next-server.mjs reads it once Next.js is prepared. */
export const FORWARDING_CHECK_KEY = Symbol.for("fast-forward.forwarding-check");

// Probes often reach an instance around the proxy; they read no client data.
const PROBE_PATH = "/api/health";

/** What is wrong with a request's X-Forwarded-For for the configured hops, or null. */
export function forwardingProblem(forwardedFor: string | undefined, hops: number, url = "/"): string | null {
  const entries = forwardedFor?.split(",").filter((entry) => entry.trim()).length ?? 0;
  if (hops === 0 && forwardedFor !== undefined) {
    return "a request arrived with X-Forwarded-For but TRUSTED_PROXY_HOPS is not set: behind a reverse proxy, set it to the number of proxies (a direct client never sends that header).";
  }
  if (hops > 0 && entries < hops && url.split("?")[0] !== PROBE_PATH) {
    return `TRUSTED_PROXY_HOPS=${hops} but a request arrived with ${entries} X-Forwarded-For ${entries === 1 ? "entry" : "entries"}: set it to the number of proxies that forward to this server, or unset it when none does.`;
  }
  return null;
}

/** Off outside production and for a local SITE_URL, where no proxy is expected to be set up. */
export function forwardingCheck(): ForwardingCheck | null {
  const { NODE_ENV, SITE_URL, TRUSTED_PROXY_HOPS } = getConfig();
  if (NODE_ENV !== "production" || isPrivateHost(new URL(SITE_URL).hostname)) return null;
  const error = unavailable("The server's proxy configuration does not match how requests reach it.");
  const refusal: FrontAnswer = {
    status: error.status,
    headers: { ...errorHeaders(error), "Content-Type": "application/json" },
    body: JSON.stringify(errorBody(error.code, error.message)),
  };
  let logged = false;
  return (forwardedFor, url) => {
    const problem = forwardingProblem(forwardedFor, TRUSTED_PROXY_HOPS, url);
    if (!problem) return null;
    if (!logged) {
      logged = true;
      log.error(`[config] refusing requests with 503: ${problem}`);
    }
    return refusal;
  };
}

export function shareForwardingCheckWithFront(): void {
  Reflect.set(globalThis, FORWARDING_CHECK_KEY, forwardingCheck());
}

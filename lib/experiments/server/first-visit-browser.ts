import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { isBotUserAgent } from "@/lib/experiments/shared/bot-user-agent";
import { BROWSER_COOKIE, browserCookieHeader, readBrowserId } from "@/lib/platform/server/security/browser-cookie";

// A split test's page must know the visitor before it renders (issue 13 §2: no flicker, works
// without JavaScript), but a first-time visitor has no ff_browser cookie yet. For a GET of a
// surface page by a person while an experiment runs on it, proxy.ts mints the browser id here:
// the forwarded request carries it in its Cookie header (so server code reads it as if the
// browser had sent it) and the response sets it. Bots and prefetches get no id, so they see the
// default and record nothing. With no experiment running nothing is minted: `/` is then a
// public, cached answer, and a Set-Cookie on it would be shared by every visitor of a CDN.

/** The pages whose content an experiment decides. */
export const SURFACE_PAGES: ReadonlySet<string> = new Set(["/", "/oto-realtime-ai-academy"]);

/** A prefetch or prerender: the page may never be seen, so it must not count as an exposure. */
export function isPrefetch(headers: Headers): boolean {
  return (
    headers.has("next-router-prefetch") ||
    headers.get("purpose") === "prefetch" ||
    (headers.get("sec-purpose") ?? "").includes("prefetch")
  );
}

/** The request's Cookie header with our cookie replaced (an invalid one must not shadow it). */
function withBrowserCookie(header: string | null, setCookie: string): string {
  const pair = setCookie.slice(0, setCookie.indexOf(";"));
  const others = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.slice(0, part.indexOf("=")).trim() !== BROWSER_COOKIE);
  return [...others, pair].join("; ");
}

export type FirstVisit = { browserId: string; cookieHeader: string; setCookie: string };

/**
 * The id to mint for this request, or null when it has one, is no surface GET, a bot or a
 * prefetch. The caller asks only while an experiment runs on the page's surface.
 */
export function firstVisitBrowser(request: NextRequest): FirstVisit | null {
  if (request.method !== "GET" || !SURFACE_PAGES.has(request.nextUrl.pathname)) return null;
  if (isBotUserAgent(request.headers.get("user-agent")) || isPrefetch(request.headers)) return null;
  if (readBrowserId(request)) return null;
  const browserId = randomUUID();
  const setCookie = browserCookieHeader(browserId);
  return { browserId, setCookie, cookieHeader: withBrowserCookie(request.headers.get("cookie"), setCookie) };
}

import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { isBotUserAgent } from "@/lib/experiments/shared/bot-user-agent";
import { browserCookieHeader, browserCookieName, readBrowserId } from "@/lib/platform/server/security/browser-cookie";

// A split-tested page must know the visitor before rendering (no flicker, works without
// JavaScript), so proxy.ts mints a first visitor's browser id into the forwarded Cookie header.
// Only while an experiment runs: a Set-Cookie on cached `/` would be shared through a CDN.

export const SURFACE_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/oto-realtime-ai-academy",
  "/checkout",
  // The cached pages that print a price a price test may vary (lib/site/shared/priced-pages.ts).
  "/paid",
  "/paid-alt",
  "/offer",
  "/checkout-realtime-academy",
]);

/** The page may never be seen, so it must not count as an exposure. */
export function isPrefetch(headers: Headers): boolean {
  return (
    headers.has("next-router-prefetch") ||
    headers.get("purpose") === "prefetch" ||
    (headers.get("sec-purpose") ?? "").includes("prefetch")
  );
}

/** An invalid cookie of ours must not shadow the new one. */
function withBrowserCookie(header: string | null, setCookie: string): string {
  const pair = setCookie.slice(0, setCookie.indexOf(";"));
  const others = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.slice(0, part.indexOf("=")).trim() !== browserCookieName());
  return [...others, pair].join("; ");
}

export type FirstVisit = { browserId: string; cookieHeader: string; setCookie: string };

export function firstVisitBrowser(request: NextRequest): FirstVisit | null {
  if (request.method !== "GET" || !SURFACE_PAGES.has(request.nextUrl.pathname)) return null;
  if (isBotUserAgent(request.headers.get("user-agent")) || isPrefetch(request.headers)) return null;
  if (readBrowserId(request)) return null;
  const browserId = randomUUID();
  const setCookie = browserCookieHeader(browserId);
  return { browserId, setCookie, cookieHeader: withBrowserCookie(request.headers.get("cookie"), setCookie) };
}

import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/platform/server/config";
import { firstVisitBrowser, type FirstVisit } from "@/lib/experiments/server/first-visit-browser";
import { decideLanding, experimentRunning } from "@/lib/experiments/server/landing-route";
import { decidePricedPage } from "@/lib/site/server/priced-page-route";
import { buildContentSecurityPolicy, buildStrictTransportSecurity } from "@/lib/site/server/content-security-policy";
import {
  CACHEABLE_PAGES,
  LANDING_ROUTE_PREFIX,
  PRIVATE_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  landingRoute,
} from "@/lib/site/shared/page-cache";
import { PRICED_ROUTE_PREFIX, pricedRoute } from "@/lib/site/shared/priced-pages";

// A page rendered per request gets a fresh nonce, which Next.js reads from the request's CSP
// header and puts on every script it renders. A cached page renders with no nonce at all: the cache
// writes its policy, from the hashes of its scripts, when it stores the page, and Next.js sends that
// policy with every copy (scripts/lib/page-cache-handler.mjs, docs/decisions/0013).

const OFFER_PAGE = "/oto-realtime-ai-academy";
const CHECKOUT_PAGE = "/checkout";

/** What Next.js reads a nonce from (get-script-nonce-from-header). */
const POLICY_REQUEST_HEADERS = ["content-security-policy", "content-security-policy-report-only"];

export function newNonce(): string {
  // 128 random bits, as CSP asks.
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

type PagePlan = {
  /** Absent for a page served from the cache: its policy comes with the cached copy. */
  nonce?: string;
  rewrite?: string;
  cacheControl?: string;
  firstVisit: FirstVisit | null;
};

/**
 * Only a GET or HEAD of a production server is answered from the cache. Development renders every
 * page per request and never stores one, so there every page gets a nonce.
 */
function fromCache(request: NextRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && getConfig().NODE_ENV !== "development";
}

async function planPage(request: NextRequest): Promise<PagePlan> {
  const path = request.nextUrl.pathname;
  const cached = fromCache(request);
  if (path === "/") {
    const landing = await decideLanding(request);
    // The same browser for both tests: the one the landing minted, if it did.
    const priced = await decidePricedPage(request, landing.firstVisit);
    const page = landingRoute(landing.variant);
    const rewrite = priced.pricing ? pricedRoute(priced.pricing, page) : page;
    const perVisitor = landing.perVisitor || priced.perVisitor;
    const cacheControl = perVisitor ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL;
    const firstVisit = landing.firstVisit ?? priced.firstVisit;
    return { nonce: cached ? undefined : newNonce(), rewrite, cacheControl, firstVisit };
  }
  // The variants' own addresses are internal.
  if (path.startsWith(LANDING_ROUTE_PREFIX) || path.startsWith(PRICED_ROUTE_PREFIX)) {
    return { nonce: newNonce(), rewrite: "/landing", firstVisit: null };
  }
  if (CACHEABLE_PAGES.has(path)) {
    // A price test's copy for this browser's price (docs/decisions/0039).
    const priced = await decidePricedPage(request);
    return {
      nonce: cached ? undefined : newNonce(),
      ...(priced.pricing ? { rewrite: pricedRoute(priced.pricing, path) } : {}),
      cacheControl: priced.perVisitor ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL,
      firstVisit: priced.firstVisit,
    };
  }
  // The checkout prices by the browser's price and bump tests: it must know the browser first.
  const minting =
    (path === OFFER_PAGE && (await experimentRunning("offer"))) ||
    (path === CHECKOUT_PAGE && ((await experimentRunning("price")) || (await experimentRunning("bump"))));
  return { nonce: newNonce(), firstVisit: minting ? firstVisitBrowser(request) : null };
}

export async function withPageSecurity(request: NextRequest): Promise<NextResponse> {
  const config = getConfig();
  const plan = await planPage(request);
  const policy = plan.nonce === undefined ? undefined : buildContentSecurityPolicy({ nonce: plan.nonce }, config);

  // A client-sent policy must not reach the renderer: it would choose the nonce.
  const requestHeaders = new Headers(request.headers);
  for (const name of POLICY_REQUEST_HEADERS) requestHeaders.delete(name);
  if (policy) requestHeaders.set("content-security-policy", policy);
  if (plan.firstVisit) requestHeaders.set("cookie", plan.firstVisit.cookieHeader);

  const forward = { request: { headers: requestHeaders } };
  const response = plan.rewrite
    ? NextResponse.rewrite(new URL(plan.rewrite, request.url), forward)
    : NextResponse.next(forward);
  if (policy) response.headers.set("content-security-policy", policy);
  // Next.js writes its own only when none is set.
  if (plan.cacheControl) response.headers.set("cache-control", plan.cacheControl);
  const hsts = buildStrictTransportSecurity(config.SITE_URL);
  if (hsts) response.headers.set("strict-transport-security", hsts);
  if (plan.firstVisit) response.headers.append("set-cookie", plan.firstVisit.setCookie);
  return response;
}

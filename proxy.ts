import { NextResponse, type NextRequest } from "next/server";
import { withPageSecurity } from "@/lib/site/server/page-security";
import { ApiError, errorResponse } from "@/lib/platform/shared/api-error";
import { hasMalformedRouterState } from "@/lib/platform/server/http/router-state-header";

// A fresh CSP nonce for each page rendered per request (a cached page's policy comes with its
// cached copy), HSTS and cache headers; `/` is rewritten to its split-test variant's cached page,
// and a page printing a price under test to that browser's price's copy (lib/site/server/page-security.ts). /unsubscribe's POST (RFC 8058 one-click) is rewritten
// to its API route: one segment cannot hold both page.tsx and route.ts.

export async function proxy(request: NextRequest): Promise<Response> {
  if (hasMalformedRouterState(request.headers)) {
    return errorResponse(new ApiError("invalid_request", "The router state header is malformed."));
  }
  if (request.method === "POST" && request.nextUrl.pathname === "/unsubscribe") {
    return NextResponse.rewrite(new URL(`/api/unsubscribe${request.nextUrl.search}`, request.url));
  }
  return await withPageSecurity(request);
}

export const config = {
  matcher: [
    {
      // API routes and public/ files carry fixed headers from next.config.ts and skip the proxy pass,
      // which cut static throughput to a quarter. tests/unit/site/proxy-matcher.test.ts keeps this in step.
      source: "/((?!api/|_next/static/|_next/image|images/|media/|downloads/|favicon\\.svg|og-image\\.png).*)",
      // No exemption for prefetch headers: a client can send them on a document request and get HTML
      // without a policy.
    },
  ],
};

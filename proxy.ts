import { NextResponse, type NextRequest } from "next/server";
import { withPageSecurity } from "@/lib/site/server/page-security";

// Next.js 16's request proxy (formerly middleware): every page gets its per-request
// Content-Security-Policy nonce and HSTS here. The logic lives in lib/site/server/page-security.ts.
// One exception: /unsubscribe is both a page (GET, the confirmation) and, as RFC 8058 requires of
// the List-Unsubscribe URL, a POST endpoint; a segment cannot hold page.tsx and route.ts, so its
// POST is rewritten to the API route, query string (the token) included.

export function proxy(request: NextRequest) {
  if (request.method === "POST" && request.nextUrl.pathname === "/unsubscribe") {
    return NextResponse.rewrite(new URL(`/api/unsubscribe${request.nextUrl.search}`, request.url));
  }
  return withPageSecurity(request);
}

export const config = {
  matcher: [
    {
      // API routes carry a fixed policy from next.config.ts (no nonce to make, and the
      // track-action hot path stays free of a proxy hop); built assets are not documents.
      source: "/((?!api/|_next/static/|_next/image).*)",
      // No exemption for prefetches: a client can send `Purpose: prefetch` or
      // `next-router-prefetch` on a document request too, and any such exemption served that
      // HTML without a policy (and a cache keyed without those headers could keep it).
    },
  ],
};

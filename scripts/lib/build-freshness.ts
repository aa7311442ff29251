import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The HTTP front, which the build copies into .next/standalone beside Next.js's output. */
export const FRONT_FILES = [
  "scripts/run/standalone-server.mjs",
  "scripts/run/next-server.mjs",
  "scripts/lib/front-methods.mjs",
  "scripts/lib/peer-stamp.mjs",
  "scripts/lib/route-methods.json",
];

const SOURCES = [
  ...FRONT_FILES,
  "app",
  "components",
  "lib",
  "public",
  "prisma/schema.prisma",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
  "instrumentation.ts",
  "proxy.ts",
  "scripts/lib/page-cache-handler.mjs",
  "scripts/lib/cached-page.mjs",
  "scripts/lib/critical-css.mjs",
];
const SKIP = new Set(["node_modules", "generated", ".next"]);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (!SKIP.has(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale(root: string): boolean {
  const output = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

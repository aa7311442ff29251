// npm run build — the production build: Prisma client, Next.js, then the bundle of the routes the
// HTTP server answers itself (scripts/lib/fast-routes-bundle.ts). npm start runs it when stale.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { bundleFastRoutes, FAST_ROUTES_BUNDLE } from "./lib/fast-routes-bundle";
const ROOT = path.resolve(import.meta.dirname, "..");

function run(args: string[]): void {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const status = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env }).status;
  if (status !== 0) process.exit(status ?? 1);
}

run([path.join(ROOT, "scripts/prisma-generate.mjs")]);
run([path.join(ROOT, "node_modules/next/dist/bin/next"), "build"]);
await bundleFastRoutes(ROOT);
console.log(`[build] fast routes bundled into ${FAST_ROUTES_BUNDLE}`);

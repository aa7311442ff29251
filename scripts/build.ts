// npm run build — the production build: the Prisma client, then Next.js. npm start runs it when
// stale. Every route, pages and API alike, is served by Next.js from this one build.
import { spawnSync } from "node:child_process";
import path from "node:path";
const ROOT = path.resolve(import.meta.dirname, "..");

function run(args: string[]): void {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const status = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env }).status;
  if (status !== 0) process.exit(status ?? 1);
}

run([path.join(ROOT, "scripts/prisma-generate.mjs")]);
run([path.join(ROOT, "node_modules/next/dist/bin/next"), "build"]);

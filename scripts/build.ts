// npm run build — the production build: the Prisma client, then Next.js. npm start runs it when
// stale. Every route, pages and API alike, is served by Next.js from this one build. The same build
// leaves .next/standalone (next.config.ts `output: "standalone"`): server.js with the traced
// node_modules, to which this adds what Next.js leaves out — public/ and .next/static — so the
// folder runs on its own with `node server.js` (README "Production").
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
const ROOT = path.resolve(import.meta.dirname, "..");
const STANDALONE = path.join(ROOT, ".next", "standalone");

function run(args: string[]): void {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const status = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env }).status;
  if (status !== 0) process.exit(status ?? 1);
}

run([path.join(ROOT, "scripts/prisma-generate.mjs")]);
run([path.join(ROOT, "node_modules/next/dist/bin/next"), "build"]);

if (!existsSync(path.join(STANDALONE, "server.js"))) {
  console.error("The build left no .next/standalone/server.js (next.config.ts must keep output: standalone).");
  process.exit(1);
}
for (const folder of ["public", ".next/static"]) {
  rmSync(path.join(STANDALONE, folder), { recursive: true, force: true });
  cpSync(path.join(ROOT, folder), path.join(STANDALONE, folder), { recursive: true });
}
// Local secrets and settings stay with the checkout: the server gets its environment from the host.
for (const file of [".env", ".env.local", ".env.production", ".env.production.local"]) {
  rmSync(path.join(STANDALONE, file), { force: true });
}
console.log('standalone server: .next/standalone (run `node server.js` there; README "Production")');

// npm run build: Prisma client, then Next.js. Adds public/ and .next/static to .next/standalone so
// it runs on its own (docs/operations.md#production).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FRONT_FILES } from "../lib/build-freshness";
const ROOT = path.resolve(import.meta.dirname, "../..");
const STANDALONE = path.join(ROOT, ".next", "standalone");

function run(args: string[]): void {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const status = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env }).status;
  if (status !== 0) process.exit(status ?? 1);
}

run([path.join(ROOT, "scripts/run/prisma-generate.mjs")]);
run([path.join(ROOT, "node_modules/next/dist/bin/next"), "build"]);

if (!existsSync(path.join(STANDALONE, "server.js"))) {
  console.error("The build left no .next/standalone/server.js (next.config.ts must keep output: standalone).");
  process.exit(1);
}
for (const folder of ["public", ".next/static"]) {
  rmSync(path.join(STANDALONE, folder), { recursive: true, force: true });
  cpSync(path.join(ROOT, folder), path.join(STANDALONE, folder), { recursive: true });
}
// The front replaces Next.js's own server.js, so production runs what npm start runs.
for (const file of FRONT_FILES) cpSync(path.join(ROOT, file), path.join(STANDALONE, file));
writeFileSync(path.join(STANDALONE, "server.js"), 'import "./scripts/run/standalone-server.mjs";\n');
// The server gets its environment from the host.
for (const file of [".env", ".env.local", ".env.production", ".env.production.local"]) {
  rmSync(path.join(STANDALONE, file), { force: true });
}
console.log("standalone server: .next/standalone (run `node server.js` there; docs/operations.md#production)");

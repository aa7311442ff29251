// node scripts/test/public-js-bytes.mjs [dir]: after a build, the JavaScript public pages can load, and
// whether any comes from console code (exit 1 if so). Plain .mjs so it measures any checkout alike.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../.."));
const next = path.join(root, ".next");
const ADMIN_MODULE =
  /components\/admin\/|lib\/admin\/|node_modules\/(better-auth|@better-auth|@simplewebauthn|uplot)\//;

function manifests(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return manifests(full);
    return entry === "page_client-reference-manifest.js" ? [full] : [];
  });
}

const appDir = path.join(next, "server/app");
const build = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8"));
const chunks = new Set([...build.rootMainFiles, ...build.polyfillFiles].map((file) => `/_next/${file}`));
const routes = [];
const offenders = [];
for (const file of manifests(appDir)) {
  const context = { globalThis: {} };
  vm.runInNewContext(readFileSync(file, "utf8"), context);
  for (const [route, manifest] of Object.entries(context.globalThis.__RSC_MANIFEST)) {
    if (route === "/admin" || route.startsWith("/admin/") || route.startsWith("/(console)")) continue;
    if (/\/admin(\/|$)/.test(route.replace(/\/\([^)]+\)/g, ""))) continue;
    routes.push(route);
    for (const files of Object.values(manifest.entryJSFiles ?? {})) {
      for (const chunk of files) chunks.add(`/_next/${chunk}`);
    }
    for (const [id, module] of Object.entries(manifest.clientModules)) {
      if (ADMIN_MODULE.test(id)) offenders.push(`${route}: ${id}`);
      for (const chunk of module.chunks) chunks.add(chunk);
    }
  }
}
let bytes = 0;
for (const chunk of chunks) {
  const file = path.join(next, chunk.replace(/^\/_next\//, ""));
  if (existsSync(file)) bytes += statSync(file).size;
}
console.log(JSON.stringify({ root, routes: routes.length, chunks: chunks.size, bytes, offenders }, null, 2));
if (offenders.length) process.exit(1);

// Bundles lib/http/fast-routes.ts for scripts/next-server.mjs, which runs on plain Node.js: the
// routes it answers before Next.js's router run the same TypeScript as their route files.
// npm packages stay external (resolved from node_modules at run time); `server-only` becomes an
// empty module, as it is under Next.js's react-server condition.
import path from "node:path";
import { build, type Plugin } from "esbuild";

export const FAST_ROUTES_BUNDLE = path.join(".next", "funnel", "fast-routes.mjs");

const serverOnly: Plugin = {
  name: "server-only",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

/** `outfile` is relative to root and must stay inside it, so the external packages resolve. */
export async function bundleFastRoutes(root: string, outfile = FAST_ROUTES_BUNDLE): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ["lib/http/fast-routes.ts"],
    outfile,
    tsconfig: "tsconfig.json",
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [serverOnly],
  });
}

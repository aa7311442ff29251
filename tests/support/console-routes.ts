import { readdirSync } from "node:fs";
import path from "node:path";

// The console's routes as they are on disk, so a test that walks them cannot miss one added later:
// every route.ts under app/api/admin, every page.tsx and layout.tsx under app/admin/(console).

export const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");

export type FoundRoute = {
  file: string;
  /** The URL with its dynamic segments as written: "/api/admin/x/[id]". */
  template: string;
  /** The URL with "fuzz" for each dynamic segment. */
  url: string;
  params: Record<string, string | string[]>;
};

const isGroup = (segment: string) => /^\(.*\)$/.test(segment);

export function discoverFiles(dir: string, fileNames: readonly string[]): FoundRoute[] {
  const found: FoundRoute[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...discoverFiles(full, fileNames));
    else if (fileNames.includes(entry.name)) {
      // Route groups "(x)" are not part of the URL.
      const segments = path
        .relative(APP, dir)
        .split(path.sep)
        .filter((segment) => !isGroup(segment));
      const params: Record<string, string | string[]> = {};
      const concrete = segments.map((segment) => {
        const dynamic = /^\[(\.\.\.)?([^\]]+)\]$/.exec(segment);
        if (!dynamic) return segment;
        params[dynamic[2]!] = dynamic[1] ? ["fuzz"] : "fuzz";
        return "fuzz";
      });
      found.push({ file: full, template: `/${segments.join("/")}`, url: `/${concrete.join("/")}`, params });
    }
  }
  return found;
}

export const discoverAdminApiRoutes = (): FoundRoute[] => discoverFiles(path.join(APP, "api/admin"), ["route.ts"]);

/** Pages and layouts of the signed-in console. */
export const discoverConsolePages = (): FoundRoute[] =>
  discoverFiles(path.join(APP, "admin/(console)"), ["page.tsx", "layout.tsx"]);

/** Routes under /api/admin that are public on purpose: the setup link itself is the credential. */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set(["/api/admin/setup"]);

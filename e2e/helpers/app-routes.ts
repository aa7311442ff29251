import { readdirSync } from "node:fs";
import path from "node:path";

// The site's page routes, read from app/**/page.tsx, so a spec that walks every page checks a new
// one without being told about it; plus a path no page answers (the 404 page).

function appRoutes(dir: string, route = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "page.tsx") return [route || "/"];
    if (!entry.isDirectory() || entry.name === "api" || entry.name.startsWith("[")) return [];
    // A route group "(name)" adds nothing to the path.
    const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
    return appRoutes(path.join(dir, entry.name), `${route}${segment}`);
  });
}

export const PAGE_ROUTES: readonly string[] = [
  // `/` has no page.tsx of its own: proxy.ts rewrites it to its variant's app/landing/[variant].
  "/",
  ...appRoutes(path.resolve(import.meta.dirname, "../../app")),
  "/no-such-page",
];

/** Pages that show their content only to a registered visitor (others get "User information is required."). */
export const NEEDS_VISITOR: ReadonlySet<string> = new Set(["/oto-realtime-ai-academy", "/vip-detected"]);

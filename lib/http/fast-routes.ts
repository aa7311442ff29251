import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describeError } from "@/lib/describe-error";
import { serveWebHandler, type WebHandler } from "@/lib/http/node-bridge";
import { SECURITY_HEADERS } from "@/lib/site/security-headers";
import { handleTrackAction, TRACK_ACTION_MAX_BYTES } from "@/lib/tracking/track-action-endpoint";

// Routes the HTTP server (scripts/next-server.mjs) answers before Next.js's router, with the very
// handlers their route files export. Only the funnel's hottest write is here: each page fires
// several tracking events, and Next.js's request pipeline costs several times the handler itself
// (npm run bench:api). Everything else goes through Next.js.
// npm run build bundles this module for the production server (scripts/lib/fast-routes-bundle.ts).

type FastRoute = { method: string; handler: WebHandler; /** The handler's own body limit. */ maxBytes: number };

const ROUTES: ReadonlyMap<string, FastRoute> = new Map([
  ["/api/track-action", { method: "POST", handler: handleTrackAction, maxBytes: TRACK_ACTION_MAX_BYTES }],
]);

/** Serves req when it is one of the fast routes' own method and path; false leaves it to Next.js. */
export function serveFastRoute(req: IncomingMessage, res: ServerResponse, serverOrigin: string): boolean {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const route = ROUTES.get(query === -1 ? url : url.slice(0, query));
  // Other methods (405, OPTIONS, HEAD) keep Next.js's answers.
  if (!route || req.method !== route.method) return false;
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  serveWebHandler(route.handler, route.maxBytes, req, res, serverOrigin).catch((error: unknown) => {
    // The handler maps its own errors; this is the bridge failing (e.g. the socket went away).
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }),
      );
    } else res.destroy();
    console.error(`[api] ${route.method} ${url.split("?")[0]} failed in the server bridge: ${describeError(error)}`);
  });
  return true;
}

import ROUTE_METHODS from "@/lib/platform/shared/route-methods.json";
import { apiErrorResponse } from "@/lib/platform/shared/api-error";

// Which methods each API route serves, in one table (route-methods.json) that the route files and
// the HTTP front (scripts/next-server.mjs) both read. Every other method answers 405 with
// `Allow` and the usual error body: Next.js's own 405 has neither a body nor `Allow`, and its
// automatic OPTIONS would list the 405 handlers below as served. ESLint's api/route-methods rule
// checks the table against the route files' exports. Not answered in proxy.ts: a proxy pass
// roughly doubled the CPU of a minimal API route (1–2 ms more per request).

export type ApiPath = keyof typeof ROUTE_METHODS;
type Handler = () => Response;
type RefusedMethods = Record<"GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS", Handler>;

/** The Allow header of a route: its methods, HEAD with GET, and OPTIONS. */
export function allowHeader(path: ApiPath): string {
  const methods = new Set<string>([...ROUTE_METHODS[path], "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

export function methodNotAllowed(allow: string): Response {
  return apiErrorResponse("method_not_allowed", undefined, { Allow: allow });
}

/**
 * Handlers for every method a route does not serve; the route file exports the ones it does
 * not define itself (`export const { GET, PUT, … } = otherMethods("/api/register")`).
 */
export function otherMethods(path: ApiPath): RefusedMethods {
  const allow = allowHeader(path);
  const refuse = () => methodNotAllowed(allow);
  const options = () => new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
  return { GET: refuse, HEAD: refuse, POST: refuse, PUT: refuse, DELETE: refuse, PATCH: refuse, OPTIONS: options };
}

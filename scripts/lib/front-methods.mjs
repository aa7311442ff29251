// Methods the HTTP front answers itself because Next.js cannot (scripts/next-server.mjs).
import ROUTE_METHODS from "../../lib/http/shared/route-methods.json" with { type: "json" };

const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

export function servedByNext(method) {
  return NEXT_METHODS.has(method ?? "");
}

/** The Allow header for a path: an API route's own methods (route-methods.json), else a page's. */
export function allowFor(url) {
  const path = (url ?? "/").split("?")[0].replace(/\/+$/, "") || "/";
  const methods = new Set(ROUTE_METHODS[path] ?? ["GET"]);
  methods.add("OPTIONS");
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

/** 405 with Allow and the { error: { code, message } } body of lib/http/shared/error-codes.ts. */
export function notAllowedHere(req, res) {
  const body = JSON.stringify({ error: { code: "method_not_allowed", message: "This method is not allowed here." } });
  res.writeHead(405, {
    Allow: allowFor(req.url),
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

import ROUTE_METHODS from "./route-methods.json" with { type: "json" };

// Which methods the front answers itself, before Next.js: those WHATWG Request cannot represent
// (TRACE, CONNECT), every method an API route does not serve (route-methods.json; ESLint's
// api/route-methods keeps it equal to the route files' exports), and PUT, DELETE or PATCH on a page
// (Next.js would read the body and render the page; POST stays for one-click unsubscribe). Next.js's own 405 has
// neither a body nor Allow, and its automatic OPTIONS omits Cache-Control.

const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

const pathOf = (url) => (url ?? "/").split("?")[0].replace(/\/+$/, "") || "/";

/** The methods `path` serves, or undefined where Next.js decides (unknown API paths, its own). */
function servedAt(path) {
  if (ROUTE_METHODS[path]) return ROUTE_METHODS[path];
  return /^\/(api|_next|__nextjs)(\/|$)/.test(path) ? undefined : ["GET", "POST"];
}

export function allowFor(url) {
  const methods = new Set(servedAt(pathOf(url)) ?? ["GET"]);
  methods.add("OPTIONS");
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

const NOT_ALLOWED_BODY = JSON.stringify({
  error: { code: "method_not_allowed", message: "This method is not allowed here." },
});

function notAllowedHeaders(url) {
  return {
    Allow: allowFor(url),
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(Buffer.byteLength(NOT_ALLOWED_BODY)),
  };
}

/** The front's own answer to `method` on `url`, or null when Next.js answers. */
export function refusal(method, url) {
  if (!NEXT_METHODS.has(method ?? "")) return { status: 405, headers: notAllowedHeaders(url), body: NOT_ALLOWED_BODY };
  const served = servedAt(pathOf(url));
  if (!served || served.includes(method) || (method === "HEAD" && served.includes("GET"))) return null;
  if (method === "OPTIONS")
    return { status: 204, headers: { Allow: allowFor(url), "Cache-Control": "no-store" }, body: "" };
  return { status: 405, headers: notAllowedHeaders(url), body: NOT_ALLOWED_BODY };
}

/** Written raw on the socket: node:http gives CONNECT no ServerResponse. */
export function refuseConnect(req, socket) {
  const head = Object.entries({ ...notAllowedHeaders(req.url), Connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.on("error", () => undefined);
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head}\r\n${NOT_ALLOWED_BODY}`);
}

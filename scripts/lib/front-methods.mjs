import ROUTE_METHODS from "../../lib/platform/shared/route-methods.json" with { type: "json" };

const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

export function servedByNext(method) {
  return NEXT_METHODS.has(method ?? "");
}

export function allowFor(url) {
  const path = (url ?? "/").split("?")[0].replace(/\/+$/, "") || "/";
  const methods = new Set(ROUTE_METHODS[path] ?? ["GET"]);
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

export function notAllowedHere(req, res) {
  res.writeHead(405, notAllowedHeaders(req.url));
  res.end(NOT_ALLOWED_BODY);
}

/** Written raw on the socket: node:http gives CONNECT no ServerResponse. */
export function refuseConnect(req, socket) {
  const head = Object.entries({ ...notAllowedHeaders(req.url), Connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.on("error", () => undefined);
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head}\r\n${NOT_ALLOWED_BODY}`);
}

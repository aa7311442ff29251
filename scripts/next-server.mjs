// The HTTP server in front of Next.js (production and dev). It does two things Next.js does not:
// - It stamps the socket's peer address into x-funnel-peer-ip, overwriting anything the client
//   sent, because Next.js keeps a client-sent X-Forwarded-For as it is
//   (lib/security/client-ip.ts reads it).
// - In production it answers the fast routes (lib/http/fast-routes.ts, bundled by npm run build)
//   before Next.js's router, with the same handlers their route files export.
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import next from "next";

const [mode, hostname, portText] = process.argv.slice(2);
const port = Number(portText);
const dev = mode === "dev";
const app = next({ dev, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const serverOrigin = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
let serveFastRoute = () => false;
const bundle = path.join(process.cwd(), ".next", "funnel", "fast-routes.mjs");
if (!dev) {
  if (existsSync(bundle)) ({ serveFastRoute } = await import(pathToFileURL(bundle).href));
  // Still correct, only slower: the route files serve the same paths through Next.js.
  else
    console.warn(
      "[funnel] .next/funnel/fast-routes.mjs is missing (npm run build makes it); using Next.js for all routes",
    );
}

const server = http.createServer((req, res) => {
  req.headers["x-funnel-peer-ip"] = req.socket.remoteAddress ?? "";
  if (!serveFastRoute(req, res, serverOrigin)) void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`▲ Next.js ${dev ? "dev" : "production"} server ready on http://${hostname}:${port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

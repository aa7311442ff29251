// The HTTP server in front of Next.js (production and dev). It exists for one reason: Next.js
// keeps a client-sent X-Forwarded-For as it is, so the socket's peer address is stamped into
// x-funnel-peer-ip here, overwriting anything the client sent. lib/security/client-ip.ts reads it.
import http from "node:http";
import next from "next";

const [mode, hostname, portText] = process.argv.slice(2);
const port = Number(portText);
const app = next({ dev: mode === "dev", hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  req.headers["x-funnel-peer-ip"] = req.socket.remoteAddress ?? "";
  void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`▲ Next.js ${mode === "dev" ? "dev" : "production"} server ready on http://${hostname}:${port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

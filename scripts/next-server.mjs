// The HTTP front of npm start (docs/decisions/0004): stamps the socket's peer address (Next.js keeps a
// client-sent X-Forwarded-For as is), and answers methods WHATWG Request refuses (TRACE, CONNECT)
// with 405 rather than Next.js's 500.
import { randomBytes } from "node:crypto";
import http from "node:http";
import next from "next";
import { notAllowedHere, refuseConnect, servedByNext } from "./lib/front-methods.mjs";
import { handOverPeerSecret, stampRequest } from "./lib/peer-stamp.mjs";

const [mode, hostname, portText] = process.argv.slice(2);
const port = Number(portText);
const dev = mode === "dev";
// Per boot, handed over in memory (peer-stamp.ts says why): no child process can inherit it.
const peerSecret = randomBytes(32).toString("base64url");
handOverPeerSecret(peerSecret);
const app = next({ dev, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  if (!servedByNext(req.method)) {
    notAllowedHere(req, res);
    return;
  }
  stampRequest(req, peerSecret);
  void handle(req, res);
});
// node:http gives CONNECT to 'connect' or drops the connection without an answer.
server.on("connect", refuseConnect);
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

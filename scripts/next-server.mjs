// The HTTP front of `npm start` and `npm run dev`: Next.js serves every route, in this process.
// The front adds only what Next.js cannot do for itself:
// - It stamps the socket's peer address, signed with a secret made at this boot, and deletes any
//   copy the client sent (lib/platform/server/security/peer-stamp.ts): Next.js keeps a client-sent
//   X-Forwarded-For as it is, so the peer address is otherwise lost to the rate limits.
// - It answers methods Next.js cannot represent (TRACE, CONNECT and anything outside GET, HEAD,
//   OPTIONS, POST, PUT, DELETE, PATCH) with 405, Allow and the usual error body: WHATWG
//   Request refuses TRACE and CONNECT, which Next.js turns into a 500 and a stack trace.
import { randomBytes } from "node:crypto";
import http from "node:http";
import next from "next";
import { notAllowedHere, refuseConnect, servedByNext } from "./lib/front-methods.mjs";
import { handOverPeerSecret, stampRequest } from "./lib/peer-stamp.mjs";

const [mode, hostname, portText] = process.argv.slice(2);
const port = Number(portText);
const dev = mode === "dev";
// A new secret per boot, handed to the route handlers in memory before Next.js loads them
// (lib/platform/server/security/peer-stamp.ts explains why not the environment). Nothing outside this
// process ever needs it, and no child process can inherit it.
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
// CONNECT never reaches the request listener: node:http gives it to 'connect' or, with no
// listener, drops the connection without an answer.
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

// The funnel's HTTP server: Next.js behind a front that stamps the socket's peer address (Next.js
// keeps a client-sent X-Forwarded-For as is; docs/decisions/0004) and answers the methods a route
// does not serve. Production runs it from the standalone build (scripts/run/standalone-server.mjs);
// `npm run dev` runs it here: `node scripts/run/next-server.mjs dev <host> <port>`.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { fileURLToPath } from "node:url";
import next from "next";
import { refusal, refuseConnect } from "../lib/front-methods.mjs";
import { handOverPeerSecret, stampRequest } from "../lib/peer-stamp.mjs";

const FORWARDING_CHECK_KEY = Symbol.for("fast-forward.forwarding-check");

export async function serveFunnel({ dev, dir, hostname, port, conf }) {
  // Per boot, handed over in memory (peer-stamp.ts says why): no child process can inherit it.
  const peerSecret = randomBytes(32).toString("base64url");
  handOverPeerSecret(peerSecret);
  const app = next({ dev, dir, hostname, port, ...(conf ? { conf } : {}) });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    // Set by the app's instrumentation, which may finish after prepare(): in production, a 503 while
    // TRUSTED_PROXY_HOPS does not match what forwards here (lib/platform/server/security/forwarding-check.ts).
    const forwardingCheck = globalThis[FORWARDING_CHECK_KEY];
    const answer =
      refusal(req.method, req.url) ??
      (typeof forwardingCheck === "function" ? forwardingCheck(req.headers["x-forwarded-for"], req.url) : null);
    if (answer) {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
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

  // Drain: refuse new connections, close idle ones, let requests in flight finish.
  const shutdown = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, hostname, portText] = process.argv.slice(2);
  if (mode !== "dev")
    throw new Error("usage: node scripts/run/next-server.mjs dev <host> <port> (production: npm start)");
  await serveFunnel({ dev: true, dir: process.cwd(), hostname, port: Number(portText) });
}

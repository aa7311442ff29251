import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { withPrereadBody } from "@/lib/http/read-body";

// Runs a Web-standard route handler (Request → Response) on node:http's request and response, for
// the routes the HTTP server answers itself (lib/http/fast-routes.ts). The body is read here, up
// to one byte past the route's limit so the handler's own size check still answers 413; a client
// that hangs up before its body is complete never reaches the handler, so no AbortSignal is
// wired to the socket. Web streams around the body and a signal per request cost more than the
// handler's own work (npm run bench:api).

export type WebHandler = (request: Request) => Promise<Response>;

type Body = { bytes: Buffer; complete: boolean };

/** The body, or null when the client went away before sending all of it. */
export function readCappedBody(req: IncomingMessage, maxBytes: number): Promise<Body | null> {
  // The handler refuses a declared size over its limit before reading anything.
  if (Number(req.headers["content-length"] ?? "0") > maxBytes) {
    return Promise.resolve({ bytes: Buffer.alloc(0), complete: false });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (complete: boolean) => {
      req.off("data", onData);
      resolve({ bytes: Buffer.concat(chunks), complete });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish(false);
      }
    };
    req.on("data", onData);
    req.once("end", () => finish(true));
    req.once("error", () => resolve(null));
    req.once("close", () => {
      if (!req.complete) resolve(null);
    });
  });
}

/** The Request a handler sees. Headers come from req.headers, where the server's own
 *  x-funnel-peer-ip stamp has replaced any value the client sent. The body goes to readJsonBody
 *  directly (withPrereadBody): a Web stream around it costs more than the handler's own work. */
export function toWebRequest(req: IncomingMessage, body: Uint8Array, serverOrigin: string): Request {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.push([name, item]);
    else if (value !== undefined) headers.push([name, value]);
  }
  // Fast routes match origin-form targets only ("/path?query"), so this is a full URL.
  const request = new Request(`${serverOrigin}${req.url ?? "/"}`, { method: req.method ?? "GET", headers });
  return withPrereadBody(request, body);
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** Reads the body, runs the handler, writes its answer; nothing when the client has gone. */
export async function serveWebHandler(
  handler: WebHandler,
  maxBytes: number,
  req: IncomingMessage,
  res: ServerResponse,
  serverOrigin: string,
): Promise<void> {
  const body = await readCappedBody(req, maxBytes);
  if (!body) return;
  // Part of the body is still unread: do not keep the connection for a next request.
  if (!body.complete) res.shouldKeepAlive = false;
  await sendWebResponse(res, await handler(toWebRequest(req, body.bytes, serverOrigin)));
}

// The front's half of lib/platform/server/security/peer-stamp.ts (read its comment).
import { createHmac, createSecretKey } from "node:crypto";

export const PEER_HEADER = "x-funnel-peer";

export const PEER_SECRET_KEY = Symbol.for("fast-forward.peer-secret");

/** Never through the environment. */
export function handOverPeerSecret(secret) {
  globalThis[PEER_SECRET_KEY] = secret;
}

let cachedKey = null;

/** tests/unit/platform/security/peer-stamp.test.ts keeps it equal to peerStamp() in peer-stamp.ts. */
export function peerStamp(address, secret) {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  const signature = createHmac("sha256", cachedKey.key).update(`funnel-peer:${address}`).digest("base64url");
  return `${address} ${signature}`;
}

/** rawHeaders too, so no copy of the client's survives. */
export function stampRequest(req, secret) {
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === PEER_HEADER) req.rawHeaders.splice(i, 2);
  }
  req.headers[PEER_HEADER] = peerStamp(req.socket.remoteAddress ?? "", secret);
}

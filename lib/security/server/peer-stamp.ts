import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

// The socket's peer address as the HTTP front (scripts/next-server.mjs) saw it, carried to the
// route handlers in one header: `x-funnel-peer: <address> <signature>`. The signature is an
// HMAC of the address under FUNNEL_PEER_SECRET, a random value the front makes at every boot
// and hands to the app in the same process through lib/platform/server/config.ts. The front also deletes any
// copy the client sent. Where no front runs (plain `next start`, standalone output) the secret
// is unset, so no stamp is ever believed, whoever wrote it. scripts/lib/peer-stamp.mjs is the
// front's copy of peerStamp (plain Node cannot import TypeScript); a unit test keeps them equal.

export const PEER_HEADER = "x-funnel-peer";

// Every request verifies a stamp; importing the secret as a key once saves re-importing it each
// time (a CPU profile of npm run bench:api showed the key import beside the HMAC itself).
let cachedKey: { secret: string; key: KeyObject } | null = null;

function signature(address: string, secret: string): string {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return createHmac("sha256", cachedKey.key).update(`funnel-peer:${address}`).digest("base64url");
}

export function peerStamp(address: string, secret: string): string {
  return `${address} ${signature(address, secret)}`;
}

/** The stamped address when the stamp was made with this secret; null otherwise. */
export function verifiedPeer(stamp: string | null, secret: string | undefined): string | null {
  if (!stamp || !secret) return null;
  const space = stamp.lastIndexOf(" ");
  if (space <= 0) return null;
  const address = stamp.slice(0, space);
  const given = Buffer.from(stamp.slice(space + 1));
  const expected = Buffer.from(signature(address, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

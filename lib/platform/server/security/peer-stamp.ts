import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

// The socket's peer address as the HTTP front (scripts/next-server.mjs) saw it, carried to the
// route handlers in one header: `x-funnel-peer: <address> <signature>`. The signature is an
// HMAC of the address under a random secret the front makes at every boot. The front also deletes
// any copy the client sent. Where no front runs (plain `next start`, standalone output) there is
// no secret, so no stamp is ever believed, whoever wrote it.
//
// How the secret gets here: the front and Next.js run in one process (next() in
// scripts/next-server.mjs), so it is handed over in memory, on globalThis under a registered
// symbol, before next() loads any route. Not the environment: a value from .env or CI would make
// plain `next start` believe stamps anyone holding that value can forge, and every child process
// would inherit it. Not a module-level setter: Next.js bundles the route handlers, so the module
// the front could import is a different instance from the one the routes run; globalThis is
// the one object both see. Only this module reads it. scripts/lib/peer-stamp.mjs is the
// front's copy of peerStamp (plain Node cannot import TypeScript); a unit test keeps them equal.

export const PEER_HEADER = "x-funnel-peer";

/** The registered symbol the front stores the per-boot secret under (scripts/lib/peer-stamp.mjs). */
export const PEER_SECRET_KEY = Symbol.for("fast-forward.peer-secret");

/** The secret the HTTP front made at this boot, or undefined when no front runs. */
export function currentPeerSecret(): string | undefined {
  const value: unknown = (globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY];
  return typeof value === "string" && value.length >= 32 ? value : undefined;
}

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

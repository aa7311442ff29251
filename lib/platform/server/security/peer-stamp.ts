import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

// The peer address the HTTP front (scripts/run/next-server.mjs) saw, as `x-funnel-peer: <address>
// <signature>`, an HMAC under a per-boot secret (docs/decisions/0004). Without a front there is no
// secret, so no stamp is believed. The secret is handed over on globalThis, not the environment
// (which .env or CI could set and children inherit): Next.js bundles routes as a separate module
// instance. scripts/lib/peer-stamp.mjs is the front's copy; a unit test keeps them equal.

export const PEER_HEADER = "x-funnel-peer";

export const PEER_SECRET_KEY = Symbol.for("fast-forward.peer-secret");

export function currentPeerSecret(): string | undefined {
  const value: unknown = (globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY];
  return typeof value === "string" && value.length >= 32 ? value : undefined;
}

// Every request verifies a stamp: import the key once.
let cachedKey: { secret: string; key: KeyObject } | null = null;

function signature(address: string, secret: string): string {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return createHmac("sha256", cachedKey.key).update(`funnel-peer:${address}`).digest("base64url");
}

export function peerStamp(address: string, secret: string): string {
  return `${address} ${signature(address, secret)}`;
}

export function verifiedPeer(stamp: string | null, secret: string | undefined): string | null {
  if (!stamp || !secret) return null;
  const space = stamp.lastIndexOf(" ");
  if (space <= 0) return null;
  const address = stamp.slice(0, space);
  const given = Buffer.from(stamp.slice(space + 1));
  const expected = Buffer.from(signature(address, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

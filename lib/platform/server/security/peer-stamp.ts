import { hmacSignature, verifiedPart } from "@/lib/platform/server/security/signed-value";

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

function signature(address: string, secret: string): string {
  return hmacSignature(`funnel-peer:${address}`, secret);
}

export function peerStamp(address: string, secret: string): string {
  return `${address} ${signature(address, secret)}`;
}

export function verifiedPeer(stamp: string | null, secret: string | undefined): string | null {
  if (!stamp || !secret) return null;
  return verifiedPart(stamp, " ", (address) => signature(address, secret));
}

import { isIP, isIPv4, isIPv6 } from "node:net";
import { PEER_HEADER, verifiedPeer } from "@/lib/platform/server/security/peer-stamp";
import { log } from "@/lib/platform/server/logger";

// The client address for rate limits and consent records. Without the HTTP front and without
// TRUSTED_PROXY_HOPS nothing client-written is believed, so every request is "unidentified".
// See docs/operations.md#the-http-front-and-the-client-address.

export { PEER_HEADER };
export const UNIDENTIFIED = "unidentified";

let warnedAboutProxy = false;
let warnedUnidentified = false;

export function clientIp(headers: Headers, trustedProxyHops: number, peerSecret?: string): string {
  const peer = verifiedPeer(headers.get(PEER_HEADER), peerSecret);
  if (trustedProxyHops > 0) {
    // With a stamp, the chain is believed only from a loopback or private peer: a direct client
    // could otherwise pick its own address.
    if (!peer || isPrivateAddress(peer)) {
      const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((part) => part.trim());
      // Our nearest proxy is not in the header, so hops are counted from the end.
      const entry = forwardedAddress(chain.length >= trustedProxyHops ? chain.at(-trustedProxyHops) : undefined);
      if (entry) return entry;
    }
    return peer ?? UNIDENTIFIED;
  }
  if (!peer) {
    if (!warnedUnidentified) {
      warnedUnidentified = true;
      log.warn(
        "[security] no trusted client address: serve through npm start (scripts/run/next-server.mjs) or set TRUSTED_PROXY_HOPS behind a proxy; until then all clients share one rate limit.",
      );
    }
    return UNIDENTIFIED;
  }
  // A hint only, never acted on (a client can send the header too). Next.js fills
  // X-Forwarded-For with the socket address, so only a different value is a proxy's.
  const forwarded = headers.get("x-forwarded-for");
  if (!warnedAboutProxy && forwarded && !sameAddress(forwarded, peer) && isPrivateAddress(peer)) {
    warnedAboutProxy = true;
    log.warn(
      "[security] requests carry X-Forwarded-For from a private address but TRUSTED_PROXY_HOPS=0: behind a proxy, all visitors share one rate limit. Set TRUSTED_PROXY_HOPS to the number of proxies.",
    );
  }
  return peer;
}

/** An X-Forwarded-For entry as a bare IP address (port and brackets dropped), or null. */
export function forwardedAddress(entry: string | undefined): string | null {
  if (!entry) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  const address = bracketed?.[1] ?? withPort?.[1] ?? entry;
  return isIP(address) ? address : null;
}

function sameAddress(a: string, b: string): boolean {
  const bare = (address: string) =>
    address
      .trim()
      .replace(/^::ffff:(?=\d+\.)/i, "")
      .toLowerCase();
  return bare(a) === bare(b);
}

/**
 * The budget an address draws on: its /64 for IPv6, since a subscriber could otherwise take a
 * fresh address, and budget, per request. IPv4-mapped addresses count as IPv4.
 */
export function addressBudgetKey(subject: string): string {
  const address = subject.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return subject;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/**
 * The client network an address belongs to: its /24 for IPv4, its /64 for IPv6. A subscriber
 * holds a whole one, so a lock on a single address would not hold them.
 */
export function clientNetwork(subject: string): string {
  const key = addressBudgetKey(subject);
  const ipv4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(key);
  return ipv4 && isIPv4(key) ? `${ipv4[1]}.0/24` : key;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const toGroups = (parts: string[]) => parts.flatMap((p) => (p.includes(".") ? ["0", "0"] : [p]));
  const left = toGroups(groups(head));
  const right = tail === undefined ? [] : toGroups(groups(tail));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}

export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^::ffff:/, "");
  return (
    ip === "::1" ||
    /^127\./.test(ip) ||
    /^10\./.test(ip) ||
    /^192\.168\./.test(ip) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    /^f[cd][0-9a-f]{2}:/i.test(ip)
  );
}

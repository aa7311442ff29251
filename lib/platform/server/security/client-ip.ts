import { isIP, isIPv4, isIPv6 } from "node:net";
import { PEER_HEADER, verifiedPeer } from "@/lib/platform/server/security/peer-stamp";
import { log } from "@/lib/platform/server/logger";

// Which client a request comes from, for rate limits and consent records. The sources, in the
// order they are believed:
// - TRUSTED_PROXY_HOPS > 0: the X-Forwarded-For entry the outermost trusted proxy appended, when
//   it is an IP address and (with the front) the connecting peer is loopback or private.
// - the peer address stamped by the funnel's HTTP front (peer-stamp.ts), when its signature
//   holds: `npm start`, with or without proxies.
// - otherwise nothing a client could have written: plain `next start` keeps a client-sent
//   X-Forwarded-For as it is, so without a front and without trusted proxies every request is
//   "unidentified" and shares one budget (and the operator is told once how to fix that).

export { PEER_HEADER };
export const UNIDENTIFIED = "unidentified";

let warnedAboutProxy = false;
let warnedUnidentified = false;

export function clientIp(headers: Headers, trustedProxyHops: number, peerSecret?: string): string {
  const peer = verifiedPeer(headers.get(PEER_HEADER), peerSecret);
  if (trustedProxyHops > 0) {
    // When the front tells us who connected, the chain is believed only from a loopback or
    // private peer (where our proxy sits): a client reaching the app directly from the internet
    // would otherwise pick its own address by writing the header. Without a stamp (plain
    // `next start` behind the proxies) the operator's TRUSTED_PROXY_HOPS is all there is.
    if (!peer || isPrivateAddress(peer)) {
      const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((part) => part.trim());
      // Each trusted proxy appends the address it saw; the client is the entry just before them.
      // Our own peer (the nearest proxy) is not in the header, so the hops are counted from the end.
      const entry = forwardedAddress(chain.length >= trustedProxyHops ? chain.at(-trustedProxyHops) : undefined);
      if (entry) return entry;
    }
    return peer ?? UNIDENTIFIED;
  }
  if (!peer) {
    if (!warnedUnidentified) {
      warnedUnidentified = true;
      log.warn(
        "[security] no trusted client address: serve through npm start (scripts/next-server.mjs) or set TRUSTED_PROXY_HOPS behind a proxy; until then all clients share one rate limit.",
      );
    }
    return UNIDENTIFIED;
  }
  // Behind a reverse proxy every visitor arrives from the proxy's address and shares its rate
  // limits. Say so once, so the operator sets TRUSTED_PROXY_HOPS (a client can send the header
  // too, so this is only a hint, never acted on). Next.js fills X-Forwarded-For with the socket
  // address when it is absent, so only a value naming someone other than the peer is a proxy's.
  const forwarded = headers.get("x-forwarded-for");
  if (!warnedAboutProxy && forwarded && !sameAddress(forwarded, peer) && isPrivateAddress(peer)) {
    warnedAboutProxy = true;
    log.warn(
      "[security] requests carry X-Forwarded-For from a private address but TRUSTED_PROXY_HOPS=0: behind a proxy, all visitors share one rate limit. Set TRUSTED_PROXY_HOPS to the number of proxies.",
    );
  }
  return peer;
}

/**
 * An X-Forwarded-For entry as a bare IP address, or null. Proxies may add a port
 * (`203.0.113.7:5123`, `[2001:db8::1]:443`) or brackets; anything that is still not an IP
 * address afterwards (a name, "unknown", garbage) is not used as a rate-limit key.
 */
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
 * The budget an address draws on: itself for IPv4 (an IPv4-mapped IPv6 address is its IPv4
 * address), its /64 for IPv6, since one subscriber is usually given a whole /64 and could
 * otherwise take a fresh address, and a fresh budget, per request. Anything else (a phone
 * number, "unidentified") is its own key.
 */
export function addressBudgetKey(subject: string): string {
  const address = subject.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return subject;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, lower-case without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  // An embedded IPv4 tail (::1.2.3.4) counts as two groups; only the first four matter here.
  const toGroups = (parts: string[]) => parts.flatMap((p) => (p.includes(".") ? ["0", "0"] : [p]));
  const left = toGroups(groups(head));
  const right = tail === undefined ? [] : toGroups(groups(tail));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}

/** Loopback and private-range peers: where a reverse proxy on the same host or network sits. */
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

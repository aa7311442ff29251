// Which client a request comes from, for rate limits. scripts/next-server.mjs stamps the socket's
// peer address into x-funnel-peer-ip (overwriting anything sent), so a spoofed X-Forwarded-For
// only counts when the operator says how many proxies to trust.

export const PEER_HEADER = "x-funnel-peer-ip";

let warnedAboutProxy = false;

export function clientIp(headers: Headers, trustedProxyHops: number): string {
  const peer = headers.get(PEER_HEADER)?.trim() || "unknown";
  if (trustedProxyHops <= 0) {
    // Behind a reverse proxy every visitor arrives from the proxy's address and shares its rate
    // limits. Say so once, so the operator sets TRUSTED_PROXY_HOPS (a client can send the header
    // too, so this is only a hint, never acted on).
    if (!warnedAboutProxy && headers.has("x-forwarded-for") && isPrivateAddress(peer)) {
      warnedAboutProxy = true;
      console.warn(
        "[security] requests carry X-Forwarded-For from a private address but TRUSTED_PROXY_HOPS=0: behind a proxy, all visitors share one rate limit. Set TRUSTED_PROXY_HOPS to the number of proxies.",
      );
    }
    return peer;
  }
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appends the address it saw; the client is the entry just before them.
  // Our own peer (the nearest proxy) is not in the header, so the hops are counted from the end.
  return chain.at(-trustedProxyHops) ?? peer;
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

// Which client a request comes from, for rate limits. scripts/next-server.mjs stamps the socket's
// peer address into x-funnel-peer-ip (overwriting anything sent), so a spoofed X-Forwarded-For
// only counts when the operator says how many proxies to trust.

export const PEER_HEADER = "x-funnel-peer-ip";

export function clientIp(headers: Headers, trustedProxyHops: number): string {
  const peer = headers.get(PEER_HEADER)?.trim() || "unknown";
  if (trustedProxyHops <= 0) return peer;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appends the address it saw; the client is the entry just before them.
  // Our own peer (the nearest proxy) is not in the header, so the hops are counted from the end.
  return chain.at(-trustedProxyHops) ?? peer;
}

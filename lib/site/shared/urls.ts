// Canonical addresses: the configured site origin plus a path, never the request's Host header
// (which a client controls).

export function absoluteUrl(siteUrl: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, "");
  if (path === "" || path === "/") return `${origin}/`;
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

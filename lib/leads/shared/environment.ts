// Local vs production bases (docs/product.md#environment).

export type FunnelEnvironment = "local" | "prod";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function environmentForHost(hostname: string): FunnelEnvironment {
  // The rule is about the name only, not a port or trailing dot.
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".local")) return "local";
  if (host.startsWith("192.168.") || host.startsWith("10.")) return "local";
  if (IPV4.test(host)) return "local";
  return "prod";
}

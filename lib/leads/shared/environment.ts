// Spec §4: which environment a hostname belongs to. localhost, a bare IPv4 address, 192.168.*,
// 10.* and *.local are "local"; everything else is "prod". Chooses local vs production bases.

export type FunnelEnvironment = "local" | "prod";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function environmentForHost(hostname: string): FunnelEnvironment {
  // A URL's host may carry a port or a trailing dot; the rule is about the name only.
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

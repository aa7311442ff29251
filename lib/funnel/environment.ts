// Spec §4 host rule: which environment a hostname belongs to. Shared by server and client.

export type FunnelEnvironment = "local" | "prod";

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function environmentForHost(hostname: string): FunnelEnvironment {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (host === "localhost" || IPV4.test(host) || host.startsWith("192.168.") || host.startsWith("10.")) return "local";
  if (host.endsWith(".local")) return "local";
  return "prod";
}

import { PEER_HEADER, peerStamp } from "@/lib/platform/server/security/peer-stamp";

// The peer-address stamp the HTTP front (scripts/next-server.mjs) puts on every request, signed
// with the secret setup-env.ts gives this run, for tests that call route handlers directly.

export const TEST_PEER_SECRET = "integration-test-peer-secret-0123456789abcdef";

export function peerHeader(address: string): Record<string, string> {
  return { [PEER_HEADER]: peerStamp(address, TEST_PEER_SECRET) };
}

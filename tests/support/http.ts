import { PEER_HEADER, peerStamp } from "@/lib/platform/server/security/peer-stamp";

// Requests as the HTTP front hands them to the route handlers, for tests that call those directly.

// The peer-address stamp the HTTP front (scripts/run/next-server.mjs) puts on every request, signed
// with the secret setup-env.ts gives this run.
export const TEST_PEER_SECRET = "integration-test-peer-secret-0123456789abcdef";

export function peerHeader(address: string): Record<string, string> {
  return { [PEER_HEADER]: peerStamp(address, TEST_PEER_SECRET) };
}

let peer = 0;
/** A new client address per call, so per-client rate limits never meet between tests. */
export function nextPeer(): string {
  peer += 1;
  return `198.19.${Math.floor(peer / 250) % 250}.${(peer % 250) + 1}`;
}

/** A browser's JSON POST to `path`, from a new address unless `peer` says which. */
export function jsonRequest(
  path: string,
  body: unknown,
  options: { cookie?: string; peer?: string; headers?: Record<string, string>; raw?: string; site?: string } = {},
): Request {
  return new Request(`${options.site ?? "http://localhost:3000"}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...peerHeader(options.peer ?? nextPeer()),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.raw ?? JSON.stringify(body),
  });
}

/** The cookie pair to send back, from a response that minted one. */
export function cookieFrom(response: Response): string {
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** The `{ error: { code, message } }` every API error answers with. */
export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

import "server-only";
import { createHmac } from "node:crypto";
import { getSessionSecret } from "@/lib/platform/server/config";

// A cached page is served to everyone, so every response must carry its render's nonce; keyed by
// SESSION_SECRET so all instances agree (docs/decisions/0011).

const LENGTH_BYTES = 16;

export function cachedPageNonce(cacheKey: string): string {
  return createHmac("sha256", getSessionSecret())
    .update(`csp-nonce:${cacheKey}`)
    .digest()
    .subarray(0, LENGTH_BYTES)
    .toString("base64");
}

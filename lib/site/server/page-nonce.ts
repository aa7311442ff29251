import "server-only";
import { createHmac } from "node:crypto";
import { getSessionSecret } from "@/lib/platform/server/config";

// The CSP nonce of a cached page (lib/site/shared/page-cache.ts). A cached page's HTML, scripts
// and their nonce included, is rendered once and served to everyone, so every response for it
// must carry the nonce that render used: the same for every request of that page, and on every
// instance (all share SESSION_SECRET). Keyed by the secret so it cannot be computed from the
// path alone; it is no secret once served, which is why only pages that reflect no input get
// one (README, "Security headers" and "Caching").

const LENGTH_BYTES = 16;

export function cachedPageNonce(cacheKey: string): string {
  return createHmac("sha256", getSessionSecret())
    .update(`csp-nonce:${cacheKey}`)
    .digest()
    .subarray(0, LENGTH_BYTES)
    .toString("base64");
}

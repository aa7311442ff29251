import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { buildContentSecurityPolicy } from "@/lib/site/server/content-security-policy";

// A cached page's policy is written when the cache stores the page, from the hashes of the scripts
// it really has (docs/decisions/0013). Next.js loads scripts/lib/page-cache-handler.mjs outside the
// app's bundle, so it reaches the run-time configuration through this function; instrumentation.ts
// shares it before the first request.

const SHARED_POLICY_KEY = Symbol.for("fast-forward.cached-page-policy");

export function cachedPagePolicy(hashes: readonly string[]): string {
  return buildContentSecurityPolicy({ hashes }, getConfig());
}

export function sharePolicyWithPageCache(): void {
  Reflect.set(globalThis, SHARED_POLICY_KEY, cachedPagePolicy);
}

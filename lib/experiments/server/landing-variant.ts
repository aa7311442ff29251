import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { isPrefetch } from "@/lib/experiments/server/first-visit-browser";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import { BROWSER_COOKIE, browserIdFromCookieValue } from "@/lib/security/server/browser-cookie";
import type { LandingVariant } from "@/lib/experiments/shared/surfaces";

// Which landing `/` renders for this request: the free page (the configuration's, and the
// control) or the $7 page. Cached per request so the metadata and the page agree and the exposure
// is written by one of them only.

export const landingVariant = cache(async (): Promise<LandingVariant> => {
  const browserId = browserIdFromCookieValue((await cookies()).get(BROWSER_COOKIE)?.value);
  const requestHeaders = await headers();
  const visitor = { browserId, userAgent: requestHeaders.get("user-agent"), prefetch: isPrefetch(requestHeaders) };
  const { variant } = await resolveSurfaceVariant("landing", visitor, "free");
  return variant === "paid" ? "paid" : "free";
});

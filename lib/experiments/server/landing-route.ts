import "server-only";
import type { NextRequest } from "next/server";
import { firstVisitBrowser, isPrefetch, type FirstVisit } from "@/lib/experiments/server/first-visit-browser";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import { surfaceState } from "@/lib/experiments/server/surface-state";
import type { LandingVariant, Surface } from "@/lib/experiments/shared/surfaces";
import { readBrowserId } from "@/lib/platform/server/security/browser-cookie";

// Decided in proxy.ts before Next.js looks at its cache, so the render is shared per variant while
// the assignment stays per visitor (docs/product.md#assignment).

export type LandingDecision = {
  variant: LandingVariant;
  perVisitor: boolean;
  firstVisit: FirstVisit | null;
};

/** null when the database cannot say. */
export async function experimentRunning(surface: Surface): Promise<boolean | null> {
  try {
    return (await surfaceState(surface)).running !== null;
  } catch {
    return null;
  }
}

export async function decideLanding(request: NextRequest): Promise<LandingDecision> {
  const running = await experimentRunning("landing");
  const firstVisit = running ? firstVisitBrowser(request) : null;
  const visitor = {
    browserId: firstVisit?.browserId ?? readBrowserId(request),
    userAgent: request.headers.get("user-agent"),
    prefetch: isPrefetch(request.headers),
  };
  const { variant } = await resolveSurfaceVariant("landing", visitor, "free");
  // While the database cannot say whether a test runs, no CDN may keep the answer for everyone.
  return { variant: variant === "paid" ? "paid" : "free", perVisitor: running !== false, firstVisit };
}

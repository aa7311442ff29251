import "server-only";
import type { NextRequest } from "next/server";
import { firstVisitBrowser, isPrefetch, type FirstVisit } from "@/lib/experiments/server/first-visit-browser";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import { surfaceState } from "@/lib/experiments/server/surface-state";
import type { LandingVariant, Surface } from "@/lib/experiments/shared/surfaces";
import { readBrowserId } from "@/lib/platform/server/security/browser-cookie";

// Which landing `/` shows this request, decided in proxy.ts before Next.js looks at its cache:
// `/` is then rewritten to that variant's cached page (app/landing/[variant]), so the render is
// shared by every visitor of the variant while the assignment stays per visitor. The rules are
// the README's ("Split tests"): a running experiment assigns by hash and records the exposure
// here (first exposure wins, prefetches and bots record nothing); otherwise the latest rollout
// or the configuration decides for everyone.

export type LandingDecision = {
  variant: LandingVariant;
  /** True while an experiment runs (or its state is unknown): the answer is this visitor's. */
  perVisitor: boolean;
  /** The browser id minted for this request, if any (only while an experiment runs). */
  firstVisit: FirstVisit | null;
};

/** Whether an experiment runs on the surface; null when the database cannot say. */
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
  // Falls back to the configured page, recording nothing, when the database is down.
  const { variant } = await resolveSurfaceVariant("landing", visitor, "free");
  // While the database cannot say whether a test runs, no CDN may keep the answer for everyone.
  return { variant: variant === "paid" ? "paid" : "free", perVisitor: running !== false, firstVisit };
}

// The first variant is the control. Free of zod: the console's client form ships it.

import { OFFER_VARIANTS } from "@/lib/experiments/shared/offer-variant";

export const SURFACES = ["landing", "offer"] as const;
export type Surface = (typeof SURFACES)[number];

export const LANDING_VARIANTS = ["free", "paid"] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

export const SURFACE_VARIANTS: Record<Surface, readonly string[]> = {
  landing: LANDING_VARIANTS,
  offer: OFFER_VARIANTS,
};

export const METRICS = ["opt_in", "paid", "revenue"] as const;
export type Metric = (typeof METRICS)[number];

/** The offer is shown after the opt-in, so its visitors have all opted in. */
export const SURFACE_METRICS: Record<Surface, readonly Metric[]> = {
  landing: ["opt_in", "paid", "revenue"],
  offer: ["paid", "revenue"],
};

export const SURFACE_LABELS: Record<Surface, string> = {
  landing: "Landing page (/ free vs $7)",
  offer: "One-time offer",
};

export const METRIC_LABELS: Record<Metric, string> = {
  opt_in: "Opt-in rate",
  paid: "Paid conversion",
  revenue: "Revenue per visitor (net of refunds)",
};

export type VariantWeight = { key: string; weight: number };

export const isSurface = (value: unknown): value is Surface =>
  typeof value === "string" && (SURFACES as readonly string[]).includes(value);

// The first variant is the control. Free of zod: the console's client form ships it.

import { OFFER_VARIANTS } from "@/lib/experiments/shared/offer-variant";

export const SURFACES = ["landing", "offer", "price", "bump", "post_offer"] as const;
export type Surface = (typeof SURFACES)[number];

/** Surfaces whose variants the operator defines in the draft (catalog-subjects.ts), not in code. */
export const CATALOG_SURFACES = ["price", "bump", "post_offer"] as const;
export type CatalogSurface = (typeof CATALOG_SURFACES)[number];

export const isCatalogSurface = (surface: Surface): surface is CatalogSurface =>
  (CATALOG_SURFACES as readonly string[]).includes(surface);

export const LANDING_VARIANTS = ["free", "paid"] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

export const SURFACE_VARIANTS: Record<Surface, readonly string[]> = {
  landing: LANDING_VARIANTS,
  offer: OFFER_VARIANTS,
  price: [],
  bump: [],
  post_offer: [],
};

export const METRICS = ["opt_in", "paid", "revenue"] as const;
export type Metric = (typeof METRICS)[number];

/** The offer is shown after the opt-in, so its visitors have all opted in. */
export const SURFACE_METRICS: Record<Surface, readonly Metric[]> = {
  landing: ["opt_in", "paid", "revenue"],
  offer: ["paid", "revenue"],
  price: ["revenue", "paid"],
  bump: ["revenue", "paid"],
  post_offer: ["revenue", "paid"],
};

export const SURFACE_LABELS: Record<Surface, string> = {
  landing: "Landing page (/ free vs $7)",
  offer: "One-time offer",
  price: "Price of a product (checkout)",
  bump: "Order bump of a product (checkout)",
  post_offer: "Offer after a product's purchase",
};

export const METRIC_LABELS: Record<Metric, string> = {
  opt_in: "Opt-in rate",
  paid: "Paid conversion",
  revenue: "Revenue per visitor (net of refunds)",
};

export type VariantWeight = { key: string; weight: number };

export const isSurface = (value: unknown): value is Surface =>
  typeof value === "string" && (SURFACES as readonly string[]).includes(value);

// Who a variant may be shown to, and who reaches each page (docs/decisions/0022). Free of zod and
// server code: the console's client form greys out what does not fit.

import { SURFACE_VARIANTS, type Surface } from "@/lib/experiments/shared/surfaces";

/** What the visitor got the book as: free for the opt-in, or bought for $7 at checkout. */
export const VISITOR_KINDS = ["free_book", "book_buyer"] as const;
export type VisitorKind = (typeof VISITOR_KINDS)[number];
export type Audience = VisitorKind | "everyone";

export const AUDIENCE_LABELS: Record<Audience, string> = {
  everyone: "everyone",
  free_book: "free-book readers",
  book_buyer: "$7 book buyers",
};

/** The add-to-order variant bills the $7 book with the course, so only a book buyer may see it. */
const VARIANT_AUDIENCES: Record<Surface, Readonly<Record<string, Audience>>> = {
  landing: { free: "everyone", paid: "everyone" },
  offer: { countdown: "everyone", "add-to-order": "book_buyer", team: "everyone" },
  price: {},
  bump: {},
  post_offer: {},
};

/** The landing is anyone's first page; the one-time offer follows the free opt-in and its survey. */
export const PAGE_AUDIENCES: Record<Surface, Audience> = {
  landing: "everyone",
  offer: "free_book",
  price: "everyone",
  bump: "everyone",
  post_offer: "everyone",
};

export const variantAudience = (surface: Surface, variant: string): Audience =>
  VARIANT_AUDIENCES[surface][variant] ?? "everyone";

/** A variant fits a page when it may be shown to every visitor who reaches the page. */
export const fitsPage = (surface: Surface, variant: string): boolean => {
  const audience = variantAudience(surface, variant);
  return audience === "everyone" || audience === PAGE_AUDIENCES[surface];
};

/** An unknown visitor (null) sees only variants meant for everyone. */
export const shownTo = (surface: Surface, variant: string, visitor: VisitorKind | null): boolean => {
  const audience = variantAudience(surface, variant);
  return audience === "everyone" || audience === visitor;
};

/** What a visitor sees when the chosen variant is not theirs: the surface's first variant that is. */
export const firstShownTo = (surface: Surface, visitor: VisitorKind | null): string =>
  SURFACE_VARIANTS[surface].find((variant) => shownTo(surface, variant, visitor)) ?? SURFACE_VARIANTS[surface][0] ?? "";

/** The operator's explanation of the first variant that does not fit, or null when all do. */
export function audienceMisfit(surface: Surface, variants: readonly string[]): string | null {
  const misfit = variants.find((variant) => !fitsPage(surface, variant));
  if (misfit === undefined) return null;
  return `“${misfit}” is shown only to ${AUDIENCE_LABELS[variantAudience(surface, misfit)]}, but the visitors of this page are ${AUDIENCE_LABELS[PAGE_AUDIENCES[surface]]}. Leave it out of this test.`;
}

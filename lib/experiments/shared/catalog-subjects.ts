// What a variant of a price, bump or post-purchase offer test changes, stored with the experiment
// (docs/decisions/0034-catalog-split-tests.md). Free of zod and server code: the console's form
// ships it; experiment-draft-schema.ts validates it.

import type { CatalogSurface } from "@/lib/experiments/shared/surfaces";

/** The unit price charged, in cents. */
export type PriceVariant = { amount: number };
/** Which of the product's active bumps the checkout offers (none: the bump is not shown). */
export type BumpVariant = { bumpIds: string[] };
/** Whether the offer after the product is shown, and at what price (null: the offer's own). */
export type PostOfferVariant = { shown: boolean; amount: number | null };

export type CatalogSubject =
  | { kind: "price"; productCode: string; variants: Record<string, PriceVariant> }
  | { kind: "bump"; productCode: string; variants: Record<string, BumpVariant> }
  | { kind: "post_offer"; productCode: string; variants: Record<string, PostOfferVariant> };

export type SubjectOf<S extends CatalogSurface> = Extract<CatalogSubject, { kind: S }>;

export const isSubjectOf = <S extends CatalogSurface>(
  surface: S,
  subject: CatalogSubject | null,
): subject is SubjectOf<S> => subject?.kind === surface;

/** The unit price a browser in `variant` is charged; the catalog's when it is in none. */
export function resolvePrice(subject: SubjectOf<"price">, variant: string | null, catalogAmount: number): number {
  return (variant !== null ? subject.variants[variant]?.amount : undefined) ?? catalogAmount;
}

/** The product's offered bumps a browser in `variant` sees, in checkout order. */
export function resolveBumps<T extends { id: string }>(
  subject: SubjectOf<"bump">,
  variant: string | null,
  offered: readonly T[],
): T[] {
  const shown = variant !== null ? subject.variants[variant]?.bumpIds : undefined;
  return shown === undefined ? [...offered] : offered.filter((bump) => shown.includes(bump.id));
}

/** The offer's price for a browser in `variant`, or null when that variant does not show it. */
export function resolveOfferAmount(
  subject: SubjectOf<"post_offer">,
  variant: string | null,
  offerAmount: number,
): number | null {
  const definition = variant !== null ? subject.variants[variant] : undefined;
  if (!definition) return offerAmount;
  return definition.shown ? (definition.amount ?? offerAmount) : null;
}

/** One line per variant for the console: "$9.00", "bump shown", "offer hidden". */
export function describeVariant(
  subject: CatalogSubject,
  variant: string,
  formatCents: (cents: number) => string,
): string {
  if (subject.kind === "price") {
    const amount = subject.variants[variant]?.amount;
    return amount === undefined ? "" : formatCents(amount);
  }
  if (subject.kind === "bump") {
    const ids = subject.variants[variant]?.bumpIds ?? [];
    return ids.length === 0 ? "no bump shown" : `bump ${ids.map((id) => id.slice(0, 8)).join(", ")} shown`;
  }
  const offer = subject.variants[variant];
  if (!offer) return "";
  if (!offer.shown) return "offer not shown";
  return offer.amount === null ? "offer shown at its own price" : `offer shown at ${formatCents(offer.amount)}`;
}

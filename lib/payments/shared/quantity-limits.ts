// How many of a product one order may carry (issue 9 §10, issue 10 item 4), for the route
// schemas, the catalog (lib/payments/server/catalog.ts takes its maxQuantity and quantityKind from
// here) and the checkout forms' wording. An unbounded count let one request ask for a $70,000
// book intent; a count that means nothing for the product is refused as well:
// - seats: the spec's 1–50 team members, one login per seat;
// - copies: the book, which a buyer may give away, 1–10;
// - single: the course, one enrolment for the buyer's own login (the account issued on payment is
//   the buyer's e-mail; a second copy would pay for a place nobody can use).

export const MAX_SEATS = 50;
export const MAX_COPIES = 10;

export type QuantityKind = "seats" | "copies" | "single";

const KINDS: Readonly<Record<string, QuantityKind>> = {
  "team-training-seat": "seats",
  "team-training-test": "seats",
  "fast-forward-book": "copies",
  "ai-step-by-step": "single",
};

export function quantityKindFor(productId: string): QuantityKind {
  return KINDS[productId] ?? "copies";
}

export function maxQuantityFor(productId: string): number {
  const kind = quantityKindFor(productId);
  return kind === "seats" ? MAX_SEATS : kind === "copies" ? MAX_COPIES : 1;
}

/** The 400 message for a quantity outside the product's range, naming the range. */
export function quantityMessage(max: number): string {
  return max === 1 ? "quantity must be 1" : `quantity must be an integer between 1 and ${max}`;
}

export function isQuantityWithin(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max;
}

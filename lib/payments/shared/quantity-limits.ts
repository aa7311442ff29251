// Quantity ranges per product (docs/product.md#catalog-and-prices): an unbounded count let one
// request ask for a $70,000 book. Seats 1–50, copies 1–10, single for the course (one login).

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

export function quantityMessage(max: number): string {
  return max === 1 ? "quantity must be 1" : `quantity must be an integer between 1 and ${max}`;
}

export function isQuantityWithin(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max;
}

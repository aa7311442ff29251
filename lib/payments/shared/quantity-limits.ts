// How many of a product one order may carry (issue 9 §10), for the route schemas and the catalog
// (lib/payments/server/catalog.ts takes its maxQuantity from here): seats the spec's 1–50, book and
// course 1–10 (an unbounded count let one request ask for a $70,000 book intent).

export const MAX_SEATS = 50;
export const MAX_COPIES = 10;

const SEAT_PRODUCTS = new Set(["team-training-seat", "team-training-test"]);

export function maxQuantityFor(productId: string): number {
  return SEAT_PRODUCTS.has(productId) ? MAX_SEATS : MAX_COPIES;
}

/** The 400 message for a quantity outside the product's range, naming the range. */
export function quantityMessage(max: number): string {
  return `quantity must be an integer between 1 and ${max}`;
}

export function isQuantityWithin(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max;
}

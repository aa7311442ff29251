// Quantity ranges come from the catalog's current price (docs/product.md#catalog-and-prices); the
// browser shows the range it was given and the server checks it again.

export type QuantityKind = "seats" | "copies" | "single";

export type QuantityRange = { minQuantity: number; maxQuantity: number; quantityKind: QuantityKind };

export function quantityMessage(range: Pick<QuantityRange, "minQuantity" | "maxQuantity">): string {
  const { minQuantity: min, maxQuantity: max } = range;
  return max === min ? `quantity must be ${min}` : `quantity must be an integer between ${min} and ${max}`;
}

const UNIT: Readonly<Record<QuantityKind, string>> = { seats: "seats", copies: "copies", single: "items" };

/** Null when `value` is in range; past the maximum says so in words. */
export function quantityProblem(
  value: unknown,
  range: QuantityRange,
): { code: "invalid_request" | "quantity_too_large"; message: string } | null {
  const whole = typeof value === "number" && Number.isInteger(value);
  if (whole && value >= range.minQuantity && value <= range.maxQuantity) return null;
  if (!whole || value < range.minQuantity || range.maxQuantity === range.minQuantity) {
    return { code: "invalid_request", message: quantityMessage(range) };
  }
  const most = range.maxQuantity.toLocaleString("en-US");
  return {
    code: "quantity_too_large",
    message: `An order can have at most ${most} ${UNIT[range.quantityKind]}: ${quantityMessage(range)}.`,
  };
}

import type { QuantityKind } from "@/lib/payments/shared/quantity-limits";

// The catalog fields a checkout page may show in the browser.
export type ProductSummary = {
  id: string;
  name: string;
  unitAmount: number;
  regularAmount: number | null;
  interval: "one_time" | "month";
  /** The catalog's range for one order; the server refuses anything outside it. */
  minQuantity: number;
  maxQuantity: number;
  quantityKind: QuantityKind;
};

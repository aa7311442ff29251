import type { QuantityKind } from "@/lib/payments/shared/quantity-limits";

export type ProductSummary = {
  id: string;
  name: string;
  unitAmount: number;
  regularAmount: number | null;
  interval: "one_time" | "month";
  /** The server refuses anything outside it. */
  minQuantity: number;
  maxQuantity: number;
  quantityKind: QuantityKind;
};

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

/** An order bump's line in the order summary: what it adds to the total. */
export type BumpLine = { name: string; unitAmount: number; regularAmount: number | null };

/** An order bump as the checkout offers it: the operator's words and the bump product's price. */
export type BumpOffer = BumpLine & { id: string; headline: string; description: string };

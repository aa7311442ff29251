// One reading of an order's state for the list, the order page and the CSV: a paid order with part
// of its money given back is partially refunded, not succeeded.

/** The stored status, except "PARTIALLY REFUNDED" for a succeeded order with refunds. */
export function orderStatusLabel(status: string, refundedAmount: number): string {
  if (status === "SUCCEEDED" && refundedAmount > 0) return "PARTIALLY REFUNDED";
  return status;
}

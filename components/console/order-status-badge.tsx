import { orderStatusLabel } from "@/lib/console/shared/order-status";
import { StatusTag } from "./status-tag";

// The word itself carries the meaning, not only the colour; the CSV says the same word.

const TONES: Record<string, string> = {
  SUCCEEDED: "bg-emerald-100 text-emerald-800",
  "PARTIALLY REFUNDED": "bg-amber-50 text-amber-900",
  REFUNDED: "bg-amber-100 text-amber-900",
  PENDING: "bg-slate-100 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
  CANCELED: "bg-slate-200 text-slate-700",
};

export function OrderStatusBadge({ status, refundedAmount = 0 }: { status: string; refundedAmount?: number }) {
  const label = orderStatusLabel(status, refundedAmount);
  return (
    <StatusTag testId="order-status" tone={TONES[label] ?? "bg-slate-100 text-slate-700"}>
      {label.toLowerCase()}
    </StatusTag>
  );
}

import { StatusTag } from "./status-tag";

// The word itself carries the meaning, not only the colour.

const TONES: Record<string, string> = {
  SUCCEEDED: "bg-emerald-100 text-emerald-800",
  REFUNDED: "bg-amber-100 text-amber-900",
  PENDING: "bg-slate-100 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
  CANCELED: "bg-slate-200 text-slate-700",
};

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <StatusTag testId="order-status" tone={TONES[status] ?? "bg-slate-100 text-slate-700"}>
      {status.toLowerCase()}
    </StatusTag>
  );
}

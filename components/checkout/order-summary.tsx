import { formatUsd } from "@/lib/payments/shared/money";

// Order lines and total, computed from the catalog prices the server passed in.

export type ProductSummary = {
  id: string;
  name: string;
  unitAmount: number;
  regularAmount: number | null;
  interval: "one_time" | "month";
  /** The catalog's range for one order; the server refuses anything outside it. */
  minQuantity: number;
  maxQuantity: number;
};

export function OrderSummary({
  product,
  quantity,
  upsell,
}: {
  product: ProductSummary;
  quantity: number;
  upsell: ProductSummary | null;
}) {
  const monthly = product.interval === "month";
  const total = product.unitAmount * quantity + (upsell?.unitAmount ?? 0);
  return (
    <section aria-labelledby="order-summary" className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="order-summary" className="text-lg font-bold">
        Order summary
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li className="flex justify-between gap-4">
          <span>
            {product.name}
            {quantity > 1 ? ` × ${quantity}` : ""}
          </span>
          <span className="text-right">
            {product.regularAmount ? <s className="mr-2 text-slate-600">{formatUsd(product.regularAmount)}</s> : null}
            {formatUsd(product.unitAmount)}
            {monthly ? "/seat/month" : ""}
          </span>
        </li>
        {upsell ? (
          <li className="flex justify-between gap-4">
            <span>{upsell.name} (added to your order)</span>
            <span>
              {upsell.regularAmount ? <s className="mr-2 text-slate-600">{formatUsd(upsell.regularAmount)}</s> : null}
              {formatUsd(upsell.unitAmount)}
            </span>
          </li>
        ) : null}
      </ul>
      <p className="mt-4 flex justify-between border-t border-slate-200 pt-3 text-base font-bold">
        <span>Total{monthly ? " today" : ""}</span>
        <span data-testid="order-total">
          {formatUsd(total)}
          {monthly ? "/month" : ""}
        </span>
      </p>
    </section>
  );
}

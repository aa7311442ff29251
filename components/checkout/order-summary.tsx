import { formatUsd } from "@/lib/shared/money";
import type { BumpLine, ProductSummary } from "@/lib/payments/shared/product-summary";
import type { StoredIntent } from "@/lib/payments/client/client-state";

export type { BumpLine, ProductSummary };

/** What the server took off for the intent's coupon; null without one. */
export type SummaryDiscount = { code: string; amount: number } | null;

export function discountOf(intent: StoredIntent | null): SummaryDiscount {
  return intent?.couponCode && intent.discountAmount
    ? { code: intent.couponCode, amount: intent.discountAmount }
    : null;
}

// The price is never broken and the name never squeezed beside it.
const LINE = "flex flex-wrap justify-between gap-x-4 gap-y-0.5";
const PRICE = "ml-auto text-right whitespace-nowrap";

function unitSuffix(product: ProductSummary, quantity: number): string {
  const monthly = product.interval === "month";
  if (product.quantityKind === "seats") return monthly ? "/seat/month" : " per seat";
  const each = quantity > 1 ? " each" : "";
  return monthly ? `/month${each}` : each;
}

export function OrderSummary({
  product,
  quantity,
  bumps,
  discount = null,
}: {
  product: ProductSummary;
  quantity: number;
  /** The order bumps in the order, each one item. */
  bumps: readonly BumpLine[];
  discount?: SummaryDiscount;
}) {
  const monthly = product.interval === "month";
  const total =
    product.unitAmount * quantity + bumps.reduce((sum, bump) => sum + bump.unitAmount, 0) - (discount?.amount ?? 0);
  const count =
    product.quantityKind === "seats"
      ? `× ${quantity} ${quantity === 1 ? "seat" : "seats"}`
      : quantity > 1
        ? `× ${quantity}`
        : "";
  return (
    <section aria-labelledby="order-summary" className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="order-summary" className="text-lg font-bold">
        Order summary
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li className={LINE}>
          <span data-testid="order-line">
            {product.name}
            {/* A count alone on a line reads as a separate item. */}
            {count ? (
              <>
                {" "}
                <span className="whitespace-nowrap">{count}</span>
              </>
            ) : null}
          </span>
          <span data-testid="order-line-price" className={PRICE}>
            {product.regularAmount ? <s className="mr-2 text-slate-600">{formatUsd(product.regularAmount)}</s> : null}
            {formatUsd(product.unitAmount)}
            {unitSuffix(product, quantity)}
          </span>
        </li>
        {bumps.map((bump) => (
          <li key={bump.name} className={LINE} data-testid="order-bump-line">
            <span>{bump.name} (added to your order)</span>
            <span className={PRICE}>
              {bump.regularAmount ? <s className="mr-2 text-slate-600">{formatUsd(bump.regularAmount)}</s> : null}
              {formatUsd(bump.unitAmount)}
            </span>
          </li>
        ))}
        {discount ? (
          <li className={LINE} data-testid="order-discount">
            <span>Coupon {discount.code}</span>
            <span className={PRICE}>
              −{formatUsd(discount.amount)}
              {monthly ? "/month at first" : ""}
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

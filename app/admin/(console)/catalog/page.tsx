import type { Metadata } from "next";
import { ConsoleSection } from "@/components/console/console-section";
import { PublishBumpForm } from "@/components/console/publish-bump-form";
import { PublishPriceForm } from "@/components/console/publish-price-form";
import { PublishOfferForm } from "@/components/console/publish-offer-form";
import { SignInAgainButton } from "@/components/console/reauth-prompt";
import { RefusedNote } from "@/components/console/refused-note";
import {
  listCatalog,
  type CatalogListRow,
  type CatalogOfferRow,
  type CatalogPriceRow,
} from "@/lib/console/server/catalog-list";
import { listCoupons, type CouponRow } from "@/lib/console/server/coupon-list";
import { CouponForm } from "@/components/console/coupon-form";
import { DeactivateCouponButton } from "@/components/console/deactivate-coupon-button";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { FRESH_SIGN_IN_EXPLANATION, isFreshSignIn } from "@/lib/operators/shared/auth-rules";
import { can } from "@/lib/operators/shared/permissions";
import { formatUsd } from "@/lib/shared/money";
import { planLabel } from "@/lib/payments/shared/payment-plan";
import { PLAN_RULE_LABELS } from "@/components/console/plan-rule-labels";

export const metadata: Metadata = { title: "Catalog" };
export const dynamic = "force-dynamic";

const KIND_LABELS = { ONE_TIME: "one-time", SUBSCRIPTION_PER_SEAT: "per seat, monthly" } as const;

const cell = "px-2 py-1.5 text-left";

function VersionsTable({ prices, timeZone }: { prices: CatalogPriceRow[]; timeZone: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className={cell}>Version</th>
            <th className={cell}>Price</th>
            <th className={cell}>Normal price</th>
            <th className={cell}>Per order</th>
            <th className={cell}>Payment plan</th>
            <th className={cell}>Published by</th>
            <th className={cell}>Published</th>
          </tr>
        </thead>
        <tbody>
          {prices.map((price, index) => (
            <tr key={price.id} className="border-t border-slate-200">
              <td className={cell}>
                {price.version}
                {index === 0 ? " (current)" : ""}
              </td>
              <td className={cell}>{formatUsd(price.unitAmount)}</td>
              <td className={cell}>{price.referenceAmount === null ? "—" : formatUsd(price.referenceAmount)}</td>
              <td className={cell}>
                {price.minQuantity}–{price.maxQuantity.toLocaleString("en-US")}
              </td>
              <td className={cell}>
                {price.plan ? `${planLabel(price.plan)} (${PLAN_RULE_LABELS[price.plan.accessRule]})` : "—"}
              </td>
              <td className={`${cell} break-all`}>{price.createdBy}</td>
              <td className={cell}>{formatConsoleTime(price.createdAt, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BumpsSection({
  product,
  products,
  publishes,
  timeZone,
}: {
  product: CatalogListRow;
  products: CatalogListRow[];
  publishes: boolean;
  timeZone: string;
}) {
  if (product.kind !== "ONE_TIME") {
    return <p className="text-sm text-slate-600">Order bumps go with one-time products; a subscription takes none.</p>;
  }
  const priceOf = (code: string) => products.find((p) => p.code === code)?.prices[0]?.unitAmount;
  const candidates = products
    .filter((p) => p.kind === "ONE_TIME" && p.code !== product.code)
    .filter((p) => !product.bumps.some((b) => b.bumpProductCode === p.code))
    .map((p) => ({ code: p.code, name: p.name }));
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Order bumps</h3>
      {product.bumps.length === 0 ? (
        <p className="text-sm text-slate-600">None: the checkout offers nothing with this product.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm" aria-label={`Order bumps of ${product.code}`}>
            <thead className="text-slate-600">
              <tr>
                <th className={cell}>Place</th>
                <th className={cell}>Headline</th>
                <th className={cell}>Adds</th>
                <th className={cell}>Price now</th>
                <th className={cell}>Offered</th>
                <th className={cell}>Version</th>
                <th className={cell}>Published by</th>
              </tr>
            </thead>
            <tbody>
              {product.bumps.map((bump) => {
                const price = priceOf(bump.bumpProductCode);
                return (
                  <tr key={bump.id} className="border-t border-slate-200">
                    <td className={cell}>{bump.position}</td>
                    <td className={cell}>{bump.headline}</td>
                    <td className={cell}>{bump.bumpProductName}</td>
                    <td className={cell}>{price === undefined ? "—" : formatUsd(price)}</td>
                    <td className={cell}>{bump.active ? "yes" : "no"}</td>
                    <td className={cell}>{bump.version}</td>
                    <td className={`${cell} break-all`}>
                      {bump.createdBy}, {formatConsoleTime(bump.createdAt, timeZone)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {publishes ? (
        <>
          {product.bumps.map((bump) => (
            <details key={bump.id}>
              <summary className="cursor-pointer text-sm font-medium">Change the {bump.bumpProductName} bump</summary>
              <PublishBumpForm
                target={{
                  kind: "existing",
                  productCode: product.code,
                  bumpId: bump.id,
                  bumpProductCode: bump.bumpProductCode,
                }}
                current={{
                  headline: bump.headline,
                  description: bump.description,
                  position: bump.position,
                  active: bump.active,
                }}
              />
            </details>
          ))}
          {candidates.length > 0 ? (
            <details>
              <summary className="cursor-pointer text-sm font-medium">Add a bump</summary>
              <PublishBumpForm
                target={{ kind: "new", productCode: product.code, candidates }}
                current={{ headline: "", description: "", position: product.bumps.length + 1, active: true }}
              />
            </details>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function couponTerms(coupon: CouponRow): string {
  const off = coupon.percentOff !== null ? `${coupon.percentOff} %` : formatUsd(coupon.amountOff ?? 0);
  const limits = [
    coupon.maxRedemptions !== null ? `${coupon.maxRedemptions} uses` : null,
    coupon.maxPerBuyer !== null ? `${coupon.maxPerBuyer} per buyer` : null,
  ].filter(Boolean);
  return `${off} off · ${coupon.durationMonths} month${coupon.durationMonths === 1 ? "" : "s"} on seats${limits.length ? ` · ${limits.join(", ")}` : ""}`;
}

function CouponsTable({ coupons, timeZone, manages }: { coupons: CouponRow[]; timeZone: string; manages: boolean }) {
  if (coupons.length === 0) return <p className="text-sm text-slate-600">No coupons yet.</p>;
  const when = (date: Date | null) => (date ? formatConsoleTime(date, timeZone) : "—");
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className={cell}>Code</th>
            <th className={cell}>Terms</th>
            <th className={cell}>Product</th>
            <th className={cell}>From</th>
            <th className={cell}>Until</th>
            <th className={cell}>Paid orders</th>
            <th className={cell}>Status</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.id} className="border-t border-slate-200">
              <td className={cell}>
                <code>{coupon.code}</code>
              </td>
              <td className={cell}>{couponTerms(coupon)}</td>
              <td className={cell}>{coupon.productCode ?? "every product"}</td>
              <td className={cell}>{when(coupon.startsAt)}</td>
              <td className={cell}>{when(coupon.endsAt)}</td>
              <td className={cell}>{coupon.redemptions}</td>
              <td className={cell}>
                {coupon.active ? "active" : "deactivated"}
                {coupon.active && manages ? (
                  <>
                    {" "}
                    <DeactivateCouponButton couponId={coupon.id} code={coupon.code} />
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function offerSummary(offer: CatalogOfferRow | null, names: Map<string, string>): string {
  if (!offer?.offerProductCode) return "No offer follows this purchase.";
  const price = (cents: number | null) => (cents === null ? "its catalog price" : formatUsd(cents));
  const main = `Version ${offer.version}: ${names.get(offer.offerProductCode)} at ${price(offer.offerAmount)}`;
  const down = offer.downsellProductCode
    ? `, then after No thanks ${names.get(offer.downsellProductCode)} at ${price(offer.downsellAmount)}.`
    : ", no downsell.";
  return main + down;
}

export default async function CatalogPage() {
  const me = await requireOperator("console.view");
  const publishes = can(me.role, "catalog.publish");
  const manages = can(me.role, "coupons.manage");
  const [products, coupons] = await Promise.all([listCatalog(), listCoupons()]);
  const oneTime = products.filter((p) => p.kind === "ONE_TIME").map((p) => ({ code: p.code, name: p.name }));
  const names = new Map(products.map((p) => [p.code, p.name]));
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Catalog</h1>
      <p className="max-w-3xl text-sm text-slate-700">
        A new price charges every order created from then on; orders already created keep theirs. The sales pages show
        it within five minutes. Order bumps are offered on the product&apos;s checkout, each at its own product&apos;s
        current price; a change to one applies to orders created from then on.
      </p>
      {!publishes && <RefusedNote role={me.role} action="catalog.publish" />}
      {publishes && !isFreshSignIn(me.signedInAt) && (
        <p className="text-sm text-slate-700">
          {FRESH_SIGN_IN_EXPLANATION} <SignInAgainButton />
        </p>
      )}
      {products.map((product) => {
        const current = product.prices[0];
        return (
          <ConsoleSection key={product.code} id={`product-${product.code}`} title={product.name}>
            <p className="text-sm text-slate-600">
              <code>{product.code}</code> · {KIND_LABELS[product.kind]}
            </p>
            <VersionsTable prices={product.prices} timeZone={me.timeZone} />
            {publishes && current ? (
              <PublishPriceForm productCode={product.code} current={current} plans={product.kind === "ONE_TIME"} />
            ) : null}
            <BumpsSection product={product} products={products} publishes={publishes} timeZone={me.timeZone} />
            {product.kind === "ONE_TIME" ? (
              <div className="space-y-2 border-t border-slate-200 pt-3">
                <h3 className="font-semibold">After a purchase</h3>
                <p className="text-sm text-slate-700">
                  {offerSummary(product.offer, names)} The buyer answers with one click; the card of the first payment
                  is charged.
                </p>
                {publishes ? (
                  <PublishOfferForm
                    afterProductCode={product.code}
                    current={product.offer}
                    choices={oneTime.filter((p) => p.code !== product.code)}
                  />
                ) : null}
              </div>
            ) : null}
          </ConsoleSection>
        );
      })}
      <ConsoleSection id="coupons" title="Coupons">
        <p className="max-w-3xl text-sm text-slate-700">
          Buyers enter a code at checkout. A use is held for an hour by an unpaid order and kept for good by a paid one,
          so the limits hold however many buyers try at once.
        </p>
        <CouponsTable coupons={coupons} timeZone={me.timeZone} manages={manages} />
        {manages ? <CouponForm products={products.map((p) => ({ code: p.code, name: p.name }))} /> : null}
      </ConsoleSection>
    </div>
  );
}

import type { Metadata } from "next";
import { ConsoleSection } from "@/components/console/console-section";
import { PublishPriceForm } from "@/components/console/publish-price-form";
import { PublishOfferForm } from "@/components/console/publish-offer-form";
import { SignInAgainButton } from "@/components/console/reauth-prompt";
import { RefusedNote } from "@/components/console/refused-note";
import { listCatalog, type CatalogOfferRow, type CatalogPriceRow } from "@/lib/console/server/catalog-list";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { FRESH_SIGN_IN_EXPLANATION, isFreshSignIn } from "@/lib/operators/shared/auth-rules";
import { can } from "@/lib/operators/shared/permissions";
import { formatUsd } from "@/lib/shared/money";

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
              <td className={`${cell} break-all`}>{price.createdBy}</td>
              <td className={cell}>{formatConsoleTime(price.createdAt, timeZone)}</td>
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
  const products = await listCatalog();
  const oneTime = products.filter((p) => p.kind === "ONE_TIME").map((p) => ({ code: p.code, name: p.name }));
  const names = new Map(products.map((p) => [p.code, p.name]));
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Catalog</h1>
      <p className="max-w-3xl text-sm text-slate-700">
        A new price charges every order created from then on; orders already created keep theirs. The sales pages show
        it within five minutes.
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
            {publishes && current ? <PublishPriceForm productCode={product.code} current={current} /> : null}
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
    </div>
  );
}

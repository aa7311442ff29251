import type { Metadata } from "next";
import { ConsoleSection } from "@/components/console/console-section";
import { PublishBumpForm } from "@/components/console/publish-bump-form";
import { PublishPriceForm } from "@/components/console/publish-price-form";
import { SignInAgainButton } from "@/components/console/reauth-prompt";
import { RefusedNote } from "@/components/console/refused-note";
import { listCatalog, type CatalogListRow, type CatalogPriceRow } from "@/lib/console/server/catalog-list";
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

export default async function CatalogPage() {
  const me = await requireOperator("console.view");
  const publishes = can(me.role, "catalog.publish");
  const products = await listCatalog();
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
            {publishes && current ? <PublishPriceForm productCode={product.code} current={current} /> : null}
            <BumpsSection product={product} products={products} publishes={publishes} timeZone={me.timeZone} />
          </ConsoleSection>
        );
      })}
    </div>
  );
}

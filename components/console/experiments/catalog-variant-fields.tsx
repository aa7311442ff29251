"use client";

import type {
  BumpVariant,
  CatalogSubject,
  PostOfferVariant,
  PriceVariant,
} from "@/lib/experiments/shared/catalog-subjects";
import type { CatalogSurface, VariantWeight } from "@/lib/experiments/shared/surfaces";
import type { CatalogChoices } from "@/lib/console/shared/experiment-choices";

// The variants of a price, bump or post-purchase offer test, as the operator writes them: a key,
// a weight and what the variant changes. The first filled row is the control; the server checks all.

export type { CatalogChoices };

const ROWS = 4;
const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

type Read = (name: string) => string;

/** The draft's variants and subject from the form, or the operator's mistake in words. */
export function readCatalogVariants(
  surface: CatalogSurface,
  text: Read,
): { variants: VariantWeight[]; subject: CatalogSubject } | string {
  const productCode = text("productCode");
  const variants: VariantWeight[] = [];
  const prices: Record<string, PriceVariant> = {};
  const bumps: Record<string, BumpVariant> = {};
  const offers: Record<string, PostOfferVariant> = {};
  for (let row = 0; row < ROWS; row++) {
    const key = text(`variant-key-${row}`).trim();
    if (key === "") continue;
    variants.push({ key, weight: Number(text(`variant-weight-${row}`)) });
    const value = text(`variant-value-${row}`).trim();
    const amount = text(`variant-amount-${row}`).trim();
    prices[key] = { amount: Number(value) };
    bumps[key] = { bumpIds: value === "" ? [] : [value] };
    offers[key] =
      value === "hidden"
        ? { shown: false, amount: null }
        : { shown: true, amount: amount === "" ? null : Number(amount) };
  }
  if (variants.length < 2) return "Fill in at least two variants.";
  // The server validates the definitions; the form only gathers them.
  const subject: CatalogSubject =
    surface === "price"
      ? { kind: "price", productCode, variants: prices }
      : surface === "bump"
        ? { kind: "bump", productCode, variants: bumps }
        : { kind: "post_offer", productCode, variants: offers };
  return { variants, subject };
}

export function CatalogVariantFields({
  surface,
  choices,
  draft,
}: {
  surface: CatalogSurface;
  choices: CatalogChoices;
  draft?: { variants: VariantWeight[]; subject: CatalogSubject | null } | undefined;
}) {
  const subject = draft?.subject?.kind === surface ? draft.subject : null;
  const productCode = subject?.productCode ?? choices.products[0]?.code ?? "";
  const rows = Array.from({ length: ROWS }, (_, row) => draft?.variants[row]);
  const valueOf = (key: string | undefined): string => {
    if (!subject || key === undefined) return "";
    if (subject.kind === "price") return String(subject.variants[key]?.amount ?? "");
    if (subject.kind === "bump") return subject.variants[key]?.bumpIds[0] ?? "";
    return subject.variants[key]?.shown === false ? "hidden" : "shown";
  };
  const amountOf = (key: string | undefined): string =>
    subject?.kind === "post_offer" && key !== undefined ? String(subject.variants[key]?.amount ?? "") : "";
  return (
    <fieldset className="min-w-0 rounded border border-slate-200 p-3 md:col-span-2">
      <legend className="px-1 text-sm font-medium">Product and variants</legend>
      <label className="mb-3 block text-sm font-medium">
        Product
        <select name="productCode" defaultValue={productCode} className={`ml-2 ${field}`}>
          {choices.products.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name} ({p.code}, catalog {(p.unitAmount / 100).toFixed(2)} USD)
            </option>
          ))}
        </select>
      </label>
      <p className="mb-2 text-xs text-slate-600">
        {surface === "price"
          ? "Each variant's price in cents (700 is $7.00). The first row is the control."
          : surface === "bump"
            ? "Each variant shows one of the product's bumps, or none. The first row is the control."
            : "Each variant shows the offer after this product (at its own price, or at the price in cents you enter) or hides it."}{" "}
        Leave a row&apos;s key empty to skip it.
      </p>
      <ul className="space-y-2">
        {rows.map((kept, row) => (
          <li key={row} className="flex flex-wrap items-center gap-3 text-sm">
            <input
              name={`variant-key-${row}`}
              aria-label={`Variant ${row + 1} name`}
              defaultValue={kept?.key ?? (row === 0 ? "control" : row === 1 ? "b" : "")}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              maxLength={40}
              className={`w-32 ${field}`}
            />
            <label className="flex items-center gap-2 text-slate-600">
              Weight
              <input
                name={`variant-weight-${row}`}
                aria-label={`Variant ${row + 1} weight`}
                type="number"
                min={1}
                max={1000}
                defaultValue={kept?.weight ?? 1}
                className={`w-20 ${field}`}
              />
            </label>
            {surface === "price" ? (
              <label className="flex items-center gap-2 text-slate-600">
                Price (cents)
                <input
                  name={`variant-value-${row}`}
                  aria-label={`Variant ${row + 1} price in cents`}
                  type="number"
                  min={50}
                  step={1}
                  defaultValue={valueOf(kept?.key)}
                  className={`w-28 ${field}`}
                />
              </label>
            ) : surface === "bump" ? (
              <select
                name={`variant-value-${row}`}
                aria-label={`Variant ${row + 1} bump`}
                defaultValue={valueOf(kept?.key)}
                className={field}
              >
                <option value="">no bump</option>
                {choices.bumps.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.productCode}: {b.headline}
                  </option>
                ))}
              </select>
            ) : (
              <>
                <select
                  name={`variant-value-${row}`}
                  aria-label={`Variant ${row + 1} offer`}
                  defaultValue={valueOf(kept?.key) || "shown"}
                  className={field}
                >
                  <option value="shown">offer shown</option>
                  <option value="hidden">offer not shown</option>
                </select>
                <input
                  name={`variant-amount-${row}`}
                  aria-label={`Variant ${row + 1} offer price in cents`}
                  type="number"
                  min={50}
                  step={1}
                  placeholder="its own price"
                  defaultValue={amountOf(kept?.key)}
                  className={`w-32 ${field}`}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

import { formatUsd } from "@/lib/shared/money";
import type { BumpOffer } from "@/lib/payments/shared/product-summary";

// Each bump as the operator wrote it, one checkbox each; the price is the bump product's own.

export function OrderBumps({
  offers,
  chosen,
  onChange,
}: {
  offers: readonly BumpOffer[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  if (offers.length === 0) return null;
  const toggle = (id: string, on: boolean) =>
    onChange(offers.map((o) => o.id).filter((other) => (other === id ? on : chosen.includes(other))));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold">Add to your order</legend>
      {offers.map((offer) => (
        <label
          key={offer.id}
          className="flex cursor-pointer gap-3 rounded-xl border-2 border-dashed border-brand bg-amber-50 p-4"
        >
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0"
            checked={chosen.includes(offer.id)}
            onChange={(event) => toggle(offer.id, event.target.checked)}
          />
          <span>
            <span className="block font-bold">
              {offer.headline} <span className="whitespace-nowrap">— {formatUsd(offer.unitAmount)}</span>
            </span>
            {offer.description ? <span className="mt-1 block text-sm text-slate-700">{offer.description}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

import { FreeOfferButton } from "@/components/lead-capture/opt-in-context";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
import type { CtaSlot } from "@/components/landing/section";
import type { SalesPrices } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export const freeOfferCta: CtaSlot = (source, label) => (
  <FreeOfferButton source={source} className={CTA_PRIMARY}>
    {label}
  </FreeOfferButton>
);

export const BUY_BOOK_HREF = "/checkout?product=fast-forward-book";
export const buyNowLabel = (prices: SalesPrices) => `Buy Now For Just ${formatUsd(prices.book.paidPrice)}`;

/** A plain link: checkout is a full page of its own. */
export const buyNowCta: CtaSlot = (source) => <BuyNowLink source={source} />;

export async function BuyNowLink({ source, className = CTA_PRIMARY }: { source: string; className?: string }) {
  const prices = await readSalesPrices();
  return (
    <a href={BUY_BOOK_HREF} data-buy-now={source} className={className}>
      {buyNowLabel(prices)}
    </a>
  );
}

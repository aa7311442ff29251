import { FreeOfferButton } from "@/components/lead-capture/opt-in-context";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
import type { CtaSlot } from "@/components/landing/section";
import { BOOK } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";

export const freeOfferCta: CtaSlot = (source, label) => (
  <FreeOfferButton source={source} className={CTA_PRIMARY}>
    {label}
  </FreeOfferButton>
);

export const BUY_BOOK_HREF = "/checkout?product=fast-forward-book";
export const BUY_NOW_LABEL = `Buy Now For Just ${formatUsd(BOOK.paidPrice)}`;

/** A plain link: checkout is a full page of its own. */
export const buyNowCta: CtaSlot = (source) => <BuyNowLink source={source} />;

export function BuyNowLink({ source, className = CTA_PRIMARY }: { source: string; className?: string }) {
  return (
    <a href={BUY_BOOK_HREF} data-buy-now={source} className={className}>
      {BUY_NOW_LABEL}
    </a>
  );
}

import type { Metadata } from "next";
import { CourseOfferBox } from "@/components/offers/course-offer-box";
import { OfferLayout, Panel } from "@/components/offers/offer-layout";
import { GUARANTEE_DAYS } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { pageMetadata } from "@/lib/site/server/page-metadata";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function generateMetadata(): Promise<Metadata> {
  const prices = await readSalesPrices();
  return pageMetadata({
    path: "/checkout-realtime-academy",
    title: "Join AI Step By Step — order summary",
    description: `Review your AI Step By Step order (${formatUsd(prices.course.offerPrice)} instead of ${formatUsd(prices.course.regularPrice)}) and continue to secure card checkout.`,
    noIndex: true,
  });
}

export default async function CheckoutRealtimeAcademyPage() {
  const prices = await readSalesPrices();
  return (
    <OfferLayout
      eyebrow="Step 1 of 2 · Review your order"
      title="Join AI Step By Step"
      lead={
        <p>
          You are one step from the full course. Check what is included, then continue to secure card payment for{" "}
          {formatUsd(prices.course.offerPrice)}.
        </p>
      }
    >
      <CourseOfferBox source="academy" buttonLabel="Continue to Secure Checkout" />
      <Panel id="after-title" title="What happens after you pay">
        <p>
          You see a confirmation page straight away and receive your login details by e-mail. Start with the video
          training series; the virtual workshop date and the 30 business templates are in your member area.
        </p>
        <p>If the course is not for you, e-mail us within {GUARANTEE_DAYS} days for a full refund.</p>
      </Panel>
    </OfferLayout>
  );
}

import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { cache } from "react";
import { CourseOffer } from "@/components/offers/course-offer";
import { OfferCountdown } from "@/components/offers/offer-countdown";
import { TeamOffer } from "@/components/offers/team-offer";
import { getConfig } from "@/lib/platform/server/config";
import { getCurrentVisitor, type Visitor } from "@/lib/leads/server/current-visitor";
import { SAMPLE_VIDEO_URL } from "@/lib/offers/shared/offer-links";
import { countdownElapsedMs } from "@/lib/offers/server/offer-session";
import { offerVariantFor } from "@/lib/experiments/server/offer-variant";
import { offerVisitorKind } from "@/lib/offers/server/offer-visitor-kind";
import { hasCountdown } from "@/lib/experiments/shared/offer-variant";
import { priceThisRenderFor, readSalesPrices } from "@/lib/site/server/read-sales-prices";
import { COURSE } from "@/lib/site/shared/priced-pages";
import { isPrefetch } from "@/lib/experiments/server/first-visit-browser";
import { formatUsd } from "@/lib/shared/money";

// Variant: a `?variant=` preview, else the running split test, its rollout, or OFFER_VARIANT.
// Rendered per request, so the course's price is this browser's, as the checkout will charge it.

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Once per render, for the metadata and the page alike: the visitor, and the course priced for its browser. */
const pricedVisitor = cache(async (preview: string | null): Promise<Visitor | null> => {
  const visitor = await getCurrentVisitor();
  const requestHeaders = await headers();
  await priceThisRenderFor(COURSE, {
    browserId: visitor?.browserId ?? null,
    userAgent: requestHeaders.get("user-agent"),
    prefetch: isPrefetch(requestHeaders),
    preview,
  });
  return visitor;
});

async function visitorOf(searchParams: PageProps["searchParams"]): Promise<Visitor | null> {
  const preview = (await searchParams).preview;
  return await pricedVisitor(typeof preview === "string" ? preview : null);
}

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  await visitorOf(searchParams);
  const prices = await readSalesPrices();
  return {
    title: "One-time offer: AI Step By Step",
    description: `A one-time offer for readers of Fast Forward: the AI Step By Step course for ${formatUsd(prices.course.offerPrice)} instead of ${formatUsd(prices.course.regularPrice)}.`,
    robots: { index: false, follow: false },
  };
}

export default async function OneTimeOfferPage({ searchParams }: PageProps) {
  const visitor = await visitorOf(searchParams);
  if (!visitor?.contact) {
    return (
      <main
        id="main"
        className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-16 text-center"
      >
        <h1 className="text-2xl font-extrabold">User information is required.</h1>
        <p className="text-slate-700">
          This offer is for readers who just requested their copy of Fast Forward. Start on the home page to get your
          free copy first.
        </p>
        <Link href="/" className="rounded-xl bg-brand px-6 py-3 font-bold text-white hover:bg-brand-dark">
          Back to the home page
        </Link>
      </main>
    );
  }
  const config = getConfig();
  const preview = (await searchParams).variant;
  const variant = await offerVariantFor(visitor.browserId, preview, await offerVisitorKind(visitor.browserId));
  const firstName = visitor.contact.firstName;
  // So the offer can prepare the payment before checkout.
  const buyer = { name: visitor.contact.name, email: visitor.contact.email };

  if (!hasCountdown(variant)) {
    return (
      <TeamOffer
        firstName={firstName}
        videoUrl={config.VIDEO_URL}
        testPurchases={config.ENABLE_TEST_PURCHASES}
        loopVideo={config.VIDEO_URL === SAMPLE_VIDEO_URL}
      />
    );
  }
  return (
    <>
      <OfferCountdown
        variant={variant}
        initialElapsedMs={countdownElapsedMs(visitor.session?.countdownStartedAt ?? null)}
        buyer={buyer}
        prices={await readSalesPrices()}
      />
      <CourseOffer firstName={firstName} addToOrder={variant === "add-to-order"} buyer={buyer} />
    </>
  );
}

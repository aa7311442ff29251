// /paid — the $7 sales page (spec §2 "/paid"): every button goes to /checkout for the book.
import type { Metadata } from "next";
import { buyNowCta } from "@/components/landing/ctas";
import { PageLoadTracker } from "@/components/landing/page-load-tracker";
import { InsideSection, RaceSection } from "@/components/landing/race-sections";
import { RevealOnScroll } from "@/components/landing/reveal-on-scroll";
import { IntroSection, ProblemSection, SolutionSection } from "@/components/landing/story-sections";
import { RoiSection } from "@/components/landing/value-sections";
import { PaidFinalCta, PaidHeader, PaidHero, PaidOfferSection } from "@/components/paid/paid-sections";
import { JsonLd } from "@/components/site/json-ld";
import { getConfig } from "@/lib/platform/server/config";
import { BOOK } from "@/lib/marketing/shared/prices";
import { bookJsonLd } from "@/lib/site/shared/json-ld";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/paid",
    title: "Fast Forward — the business AI playbook for $7",
    absoluteTitle: true,
    description:
      "Get Fast Forward for just $7 (normally $47.97): the RACE Framework for putting AI to work in your business, with a 30-day money-back guarantee.",
  });
}

export default function PaidPage() {
  return (
    <>
      <PaidHeader />
      <main id="main">
        <PaidHero />
        <IntroSection />
        <ProblemSection />
        <SolutionSection cta={buyNowCta} />
        <RaceSection cta={buyNowCta} />
        <InsideSection cta={buyNowCta} />
        <RoiSection cta={buyNowCta} />
        <PaidOfferSection />
        <PaidFinalCta />
      </main>
      <JsonLd
        data={bookJsonLd({
          siteUrl: getConfig().SITE_URL,
          path: "/paid",
          price: BOOK.paidPrice,
          imagePath: "/images/fast-forward-cover.svg",
        })}
      />
      <RevealOnScroll />
      {/* Funnel step 1: the console counts this session as a $7-landing one (issue 12 §2). */}
      <PageLoadTracker page="/paid" />
    </>
  );
}

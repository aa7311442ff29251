import { buyNowCta } from "@/components/landing/ctas";
import { PageLoadTracker } from "@/components/landing/page-load-tracker";
import { InsideSection, RaceSection } from "@/components/landing/race-sections";
import { RevealOnScroll } from "@/components/landing/reveal-on-scroll";
import { IntroSection, ProblemSection, SolutionSection } from "@/components/landing/story-sections";
import { RoiSection } from "@/components/landing/value-sections";
import { PaidFinalCta, PaidHeader, PaidHero, PaidOfferSection } from "@/components/paid/paid-sections";
import { JsonLd } from "@/components/site/json-ld";
import { getConfig } from "@/lib/platform/server/config";
import { BOOK } from "@/lib/site/shared/prices";
import { bookJsonLd } from "@/lib/site/shared/json-ld";

// The $7 sales page (spec §2 "/paid"): every button goes to /checkout for the book. Served at
// /paid, and at `/` for visitors in the "paid" landing variant (`path`, for its structured data).

export function PaidLanding({ path }: { path: "/" | "/paid" }) {
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
          path,
          price: BOOK.paidPrice,
          imagePath: "/images/fast-forward-cover.svg",
        })}
      />
      <RevealOnScroll />
      {/* Funnel step 1: the console counts this session as a $7-landing one (issue 12 §2), also
          when `/` showed it as the "paid" split-test variant, so the landing split stays true. */}
      <PageLoadTracker page="/paid" />
    </>
  );
}

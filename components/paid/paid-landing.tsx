import { buyNowCta } from "@/components/landing/ctas";
import { PageLoadTracker } from "@/components/landing/page-load-tracker";
import { InsideSection, RaceSection } from "@/components/landing/race-sections";
import { RevealOnScroll } from "@/components/landing/reveal-on-scroll";
import { IntroSection, ProblemSection, SolutionSection } from "@/components/landing/story-sections";
import { RoiSection } from "@/components/landing/value-sections";
import { PaidFinalCta, PaidHeader, PaidHero, PaidOfferSection } from "@/components/paid/paid-sections";
import { JsonLd } from "@/components/site/json-ld";
import { getConfig } from "@/lib/platform/server/config";
import { bookJsonLd } from "@/lib/site/shared/json-ld";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

// `path` is for its structured data: also served at `/` for the "paid" landing variant.

export async function PaidLanding({ path }: { path: "/" | "/paid" }) {
  const prices = await readSalesPrices();
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
          price: prices.book.paidPrice,
          listPrice: prices.book.normalPrice,
          imagePath: "/images/fast-forward-cover.svg",
        })}
      />
      <RevealOnScroll />
      {/* Funnel step 1 counts as a $7-landing session, also when `/` showed it as the "paid" variant. */}
      <PageLoadTracker page="/paid" />
    </>
  );
}

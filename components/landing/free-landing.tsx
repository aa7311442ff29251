import { freeOfferCta } from "@/components/landing/ctas";
import { Hero } from "@/components/landing/hero";
import { LandingHeader } from "@/components/landing/landing-header";
import { PageLoadTracker } from "@/components/landing/page-load-tracker";
import { InsideSection, RaceSection } from "@/components/landing/race-sections";
import { RevealOnScroll } from "@/components/landing/reveal-on-scroll";
import { IntroSection, ProblemSection, SolutionSection } from "@/components/landing/story-sections";
import { FinalCta, FreeCopySection, RoiSection, WorthSection } from "@/components/landing/value-sections";
import { OptInProvider } from "@/components/lead-capture/opt-in-context";
import { JsonLd } from "@/components/site/json-ld";
import { getConfig } from "@/lib/platform/server/config";
import { bookJsonLd } from "@/lib/site/shared/json-ld";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

// `/` for the "free" landing variant, also the default.

export async function FreeLanding() {
  const prices = await readSalesPrices();
  return (
    <OptInProvider>
      <LandingHeader />
      <main id="main">
        <Hero />
        <IntroSection />
        <ProblemSection />
        <SolutionSection cta={freeOfferCta} />
        <RaceSection cta={freeOfferCta} />
        <InsideSection cta={freeOfferCta} />
        <RoiSection cta={freeOfferCta} />
        <WorthSection />
        <FreeCopySection cta={freeOfferCta} />
        <FinalCta />
      </main>
      <JsonLd
        data={bookJsonLd({
          siteUrl: getConfig().SITE_URL,
          path: "/",
          price: 0,
          listPrice: prices.book.normalPrice,
          imagePath: "/images/fast-forward-cover.svg",
        })}
      />
      <RevealOnScroll />
      <PageLoadTracker page="/" />
    </OptInProvider>
  );
}

import type { ComponentProps } from "react";
import Image from "next/image";
import { HeroArtPreload } from "@/components/landing/hero-art-preload";
import { FreeOfferButton } from "@/components/lead-capture/opt-in-context";
import { CTA_LARGE } from "@/components/site/cta-styles";
import { CheckList } from "@/components/ui/check-list";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

const BENEFITS = [
  "Find the 9.2-second task that drives 32.7% of your team's value — and hand it to AI",
  "Stop the context-switching drain that quietly costs $29,000 on every $75,000 salary",
  "Follow the four-step RACE Framework: Rank, Analyze, Create, Embed",
  "Copy the playbook behind 2x support efficiency, 3x content speed and 40% lower operating costs",
] as const;

const HERO_ART = "/images/hero-art.svg";

// The same art twice: under the text on a phone, beside it from 768 px.
function HeroArt(props: Omit<ComponentProps<typeof Image>, "src" | "alt" | "width" | "height">) {
  return (
    <Image
      src={HERO_ART}
      alt="The Fast Forward book with its results: 2x support, 3x content, 40% lower operating costs"
      width={640}
      height={560}
      {...props}
    />
  );
}

// Mobile: the art after the words, so the words paint first.
export async function Hero() {
  const prices = await readSalesPrices();
  // Preloaded on a phone, the art competed with the stylesheet and delayed the headline's first
  // frame; both images are lazy, so the hidden copy is never fetched.
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-red-50 via-white to-white"
    >
      <HeroArtPreload src={HERO_ART} media="(min-width: 768px)" />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-20 pb-12 sm:px-6 md:grid-cols-[1.1fr_1fr] md:items-center md:gap-12 md:pt-32 md:pb-20">
        <div className="flex flex-col gap-4 sm:gap-5">
          <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">
            Free digital copy today · normally {formatUsd(prices.book.normalPrice)}
          </p>
          <h1
            id="hero-title"
            className="text-[2rem] leading-tight font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            Put AI to work in your business <span className="text-brand">before your competitors do</span>
          </h1>
          <p className="hidden text-lg text-slate-700 sm:block sm:text-xl">
            <strong>Fast Forward</strong> is the business book that shows owners and team leads exactly where AI pays —
            and how to build it into the way your people already work.
          </p>
          <CheckList items={BENEFITS} tone="brand" textClassName="text-base sm:text-lg" />
          <div className="flex flex-col gap-2">
            <FreeOfferButton source="hero" className={CTA_LARGE}>
              Get the Book Now for Free
            </FreeOfferButton>
            <p className="text-sm text-slate-600">
              Digital copy, instant access. No credit card. Backed by our 30-day &ldquo;Better Than Money-Back&rdquo;
              guarantee.
            </p>
          </div>
          <div className="md:hidden">
            <HeroArt sizes="(max-width: 767px) 92vw, 1px" className="mx-auto h-auto w-full max-w-64" />
          </div>
        </div>
        <div className="hidden md:block">
          <HeroArt sizes="(min-width: 768px) 45vw, 1px" className="h-auto w-full" loading="lazy" fetchPriority="high" />
        </div>
      </div>
      <div className="flex justify-center pb-8">
        <a
          href="#intro-section"
          data-testid="scroll-down"
          className="flex flex-col items-center gap-1 rounded-full px-4 py-2 text-sm font-semibold text-slate-700 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
        >
          Scroll down to see what&apos;s inside
          <StrokeIcon d="M6 9l6 6 6-6" className="size-6" />
        </a>
      </div>
    </section>
  );
}

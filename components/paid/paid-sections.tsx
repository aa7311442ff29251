import { BookCover } from "@/components/site/book-cover";
import { BUY_BOOK_HREF, buyNowLabel, BuyNowLink } from "@/components/landing/ctas";
import { RACE_STEPS } from "@/components/landing/race-sections";
import { Eyebrow, Section, SectionTitle } from "@/components/landing/section";
import { LookInside } from "@/components/paid/look-inside";
import { Logo } from "@/components/site/logo";
import { CTA_LARGE, CTA_SECONDARY } from "@/components/site/cta-styles";
import { ScrollChrome } from "@/components/site/scroll-chrome";
import { BOOK, GUARANTEE_DAYS, REFERENCE_PRICES } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function PaidHeader() {
  const prices = await readSalesPrices();
  return (
    <ScrollChrome>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <a
          href={BUY_BOOK_HREF}
          data-buy-now="header"
          className="rounded-lg bg-brand px-3 py-2 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:px-4"
        >
          Buy for {formatUsd(prices.book.paidPrice)}
        </a>
      </div>
    </ScrollChrome>
  );
}

export async function PaidHero() {
  const prices = await readSalesPrices();
  return (
    <section aria-labelledby="paid-title" className="bg-gradient-to-b from-red-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-24 pb-14 sm:px-6 md:grid-cols-[1.2fr_1fr] md:items-center md:pt-32 md:pb-20">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">
            The Fast Forward book · {formatUsd(prices.book.paidPrice)} today (normally{" "}
            {formatUsd(prices.book.normalPrice)})
          </p>
          <h1 id="paid-title" className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
            The AI playbook that wins your team back <span className="text-brand">an hour a day</span>
          </h1>
          <p className="text-lg text-slate-700 sm:text-xl">
            Rank, Analyze, Create, Embed: the four-step RACE Framework that business owners use to find where AI pays
            and build it into the way their people already work. Instant digital access for less than a lunch.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <BuyNowLink source="hero" className={CTA_LARGE} />
            <LookInside className={CTA_SECONDARY}>
              <InsideList />
            </LookInside>
          </div>
          <p className="text-sm text-slate-600">
            Secure card checkout · {GUARANTEE_DAYS}-day money-back guarantee · instant digital delivery
          </p>
        </div>
        <BookCover
          sizes="(min-width: 768px) 20rem, 60vw"
          preload
          className="mx-auto h-auto w-3/5 max-w-80 rounded-md shadow-2xl"
        />
      </div>
    </section>
  );
}

const CHAPTERS = [
  { page: 76, title: "The 9.2-second task that drives 32.7% of your value" },
  { page: 119, title: "The toggle tax: 1,200 app switches a day" },
  { page: 152, title: "The 5th Iteration Multiplier Effect" },
  { page: 191, title: "The tool that drew a $50,000 buyout offer" },
  { page: 243, title: "Rollouts that actually stick" },
] as const;

async function InsideList() {
  const prices = await readSalesPrices();
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-slate-700">Five discoveries readers put to work the same week:</p>
      <ol className="flex flex-col gap-2">
        {CHAPTERS.map((chapter) => (
          <li key={chapter.page} className="flex gap-3">
            <span className="shrink-0 font-bold text-brand-dark">p. {chapter.page}</span>
            <span>{chapter.title}</span>
          </li>
        ))}
      </ol>
      <p className="text-slate-700">Plus the full RACE Framework: {RACE_STEPS.map((step) => step.name).join(", ")}.</p>
      <a href={BUY_BOOK_HREF} data-buy-now="look-inside" className={`${CTA_LARGE} sm:w-full`}>
        {buyNowLabel(prices)}
      </a>
    </div>
  );
}

export async function PaidOfferSection() {
  const prices = await readSalesPrices();
  const stack = [
    { label: "Fast Forward, complete digital edition", price: prices.book.normalPrice },
    { label: "The RACE Framework worksheets (inside the book)", price: null },
    { label: "The 5th Iteration Multiplier playbook (inside the book)", price: null },
  ];
  return (
    <Section id="offer" labelledBy="paid-offer-title" tone="tint">
      <Eyebrow>Your order</Eyebrow>
      <SectionTitle id="paid-offer-title">Everything for {formatUsd(prices.book.paidPrice)} — today only</SectionTitle>
      <div className="mt-8 overflow-hidden rounded-2xl border-2 border-brand bg-white shadow-lg">
        <ul className="divide-y divide-slate-200">
          {stack.map((item) => (
            <li key={item.label} className="flex items-center justify-between gap-4 px-6 py-4">
              <span className="text-slate-800">{item.label}</span>
              <span className="font-semibold whitespace-nowrap text-slate-700">
                {item.price === null ? "Included" : formatUsd(item.price)}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-4 bg-red-50 px-6 py-8 text-center">
          <p className="text-lg text-slate-700">
            Compare: a consulting engagement at {formatUsd(REFERENCE_PRICES.consulting)}, a summit ticket at{" "}
            {formatUsd(REFERENCE_PRICES.summitTicket)}, the hardcover at {formatUsd(BOOK.hardcoverPrice)}.
          </p>
          <p className="text-5xl font-extrabold text-ink">
            <span className="sr-only">Today: </span>
            {formatUsd(prices.book.paidPrice)}
            <s className="ml-3 text-2xl font-semibold text-slate-600">
              <span className="sr-only">instead of </span>
              {formatUsd(prices.book.normalPrice)}
            </s>
          </p>
          <BuyNowLink source="offer" className={CTA_LARGE} />
        </div>
      </div>
      <div className="mt-8 rounded-2xl border-2 border-dashed border-green-600 bg-white p-6">
        <h3 className="text-2xl font-extrabold text-green-800">{GUARANTEE_DAYS}-day money-back guarantee</h3>
        <p className="mt-3 text-lg text-slate-700">
          Read the book, run one RACE cycle on one process. If it is not worth many times{" "}
          {formatUsd(prices.book.paidPrice)} to you, e-mail us within {GUARANTEE_DAYS} days and we refund every cent. No
          questions, no forms.
        </p>
      </div>
    </Section>
  );
}

export async function PaidFinalCta() {
  const prices = await readSalesPrices();
  return (
    <section aria-labelledby="paid-final-title" className="bg-ink px-4 py-16 text-center text-white sm:px-6 md:py-24">
      <div data-reveal="0.1" className="mx-auto flex max-w-3xl flex-col items-center gap-6">
        <h2 id="paid-final-title" className="text-3xl font-extrabold text-balance sm:text-4xl">
          One hour a day, for {formatUsd(prices.book.paidPrice)}.
        </h2>
        <p className="text-lg text-slate-300">
          The book costs less than the time your team loses before lunch. Start reading in minutes.
        </p>
        <BuyNowLink source="final" className={CTA_LARGE} />
      </div>
    </section>
  );
}

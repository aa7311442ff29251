import Link from "next/link";
import type { ReactNode } from "react";
import { CelebrateButton } from "@/components/offers/celebrate-button";
import type { Buyer } from "@/lib/offers/client/leave-for-checkout";
import { bookCheckout, COURSE_CHECKOUT } from "@/lib/offers/shared/offer-links";
import { courseSaving } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

// Server-rendered; only the buttons and the timer are client leaves (docs/product.md#one-time-offer).

const INCLUSIONS = [
  {
    title: "The AI Step By Step video training series",
    body: "Every step of the RACE Framework — Rank, Analyze, Create, Embed — recorded on real business processes, so you watch it done instead of reading about it.",
  },
  {
    title: "A live virtual workshop",
    body: "Bring your own process. We rank it, map the friction and sketch the AI solution together, with time for your questions.",
  },
  {
    title: "The implementation guide",
    body: "The checklist we use to take one tool from idea to daily use, including the rollout steps that make a team actually adopt it.",
  },
  {
    title: "30 business templates",
    body: "Prompts, process maps, ROI worksheets and rollout plans for sales, support, operations and content.",
  },
  {
    title: "BONUS: the 72-Hour Cash Machine",
    body: "A short playbook for turning one AI-built asset into a paid offer within three days of finishing the course.",
  },
];

const primaryButton =
  "w-full rounded-xl bg-brand px-6 py-4 text-lg font-extrabold text-white shadow-lg transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-70 sm:text-xl";

async function CourseCta({ addToOrder, label, buyer }: { addToOrder: boolean; label: string; buyer: Buyer }) {
  const prices = await readSalesPrices();
  if (!addToOrder) {
    return (
      <CelebrateButton href={COURSE_CHECKOUT} trackingLabel={label} buyer={buyer} className={primaryButton}>
        Yes! Give Me AI Step By Step For {formatUsd(prices.course.offerPrice)}
      </CelebrateButton>
    );
  }
  return (
    <div className="space-y-3">
      <CelebrateButton href={bookCheckout(true)} trackingLabel={`${label}-add`} buyer={buyer} className={primaryButton}>
        Yes! Add AI Step By Step To My Order For {formatUsd(prices.course.offerPrice)}
      </CelebrateButton>
      {/* Say what the whole order costs before checkout does. */}
      <p className="text-center text-sm text-slate-600">
        Your order: the Fast Forward book ({formatUsd(prices.book.paidPrice)}) + AI Step By Step (
        {formatUsd(prices.course.offerPrice)}) = {formatUsd(prices.book.paidPrice + prices.course.offerPrice)} today.
      </p>
      <CelebrateButton
        href={bookCheckout(false)}
        trackingLabel={`${label}-skip`}
        buyer={buyer}
        className="w-full rounded-xl px-4 py-2 text-sm text-slate-600 underline hover:text-slate-900"
      >
        No thanks — just the {formatUsd(prices.book.paidPrice)} book, without the course
      </CelebrateButton>
    </div>
  );
}

function Section({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`mx-auto max-w-3xl px-5 py-10 sm:py-14 ${className}`}>{children}</section>;
}

export async function CourseOffer({
  firstName,
  addToOrder,
  buyer,
}: {
  firstName: string;
  addToOrder: boolean;
  buyer: Buyer;
}) {
  const prices = await readSalesPrices();
  return (
    <main id="main">
      <Section className="text-center">
        <p className="text-sm font-bold tracking-widest text-brand uppercase">Wait, {firstName} — one-time offer</p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">
          Don&apos;t just read about AI. Have it working in your business in 30 days.
        </h1>
        <p className="mt-5 text-lg text-slate-700">
          Your free copy of <em>Fast Forward</em> shows you the RACE Framework. <strong>AI Step By Step</strong> walks
          you through applying it — process by process, tool by tool — until the first one is running.
        </p>
        <div className="mt-8 rounded-2xl border-2 border-brand bg-red-50 p-6">
          <p className="text-slate-700">
            Regular price <span className="font-bold line-through">{formatUsd(prices.course.regularPrice)}</span>
          </p>
          <p className="mt-1 text-4xl font-extrabold text-brand">Today only: {formatUsd(prices.course.offerPrice)}</p>
          <p className="mt-1 font-semibold">
            You save {formatUsd(courseSaving(prices))} — on this page, before the timer runs out.
          </p>
          <div className="mt-5">
            <CourseCta addToOrder={addToOrder} label="hero" buyer={buyer} />
          </div>
        </div>
      </Section>

      <Section>
        <h2 className="text-2xl font-extrabold sm:text-3xl">Why most AI projects stall — and yours won&apos;t</h2>
        <div className="mt-4 space-y-4 text-lg text-slate-700">
          <p>
            In <em>Fast Forward</em> you saw the numbers: a 9.2-second task that drives 32.7% of the value, 1,200 app
            toggles a day, a 9% loss to context switching, $29k wasted on a $75k employee. Knowing that is step one.
            Fixing it is where most companies get stuck.
          </p>
          <p>
            They buy tools before ranking their processes. They automate the wrong step. They build something nobody
            uses. AI Step By Step exists to stop exactly that: you rank, analyze, create and embed — in that order —
            with a guide at every step.
          </p>
        </div>
        <div className="mt-6 text-center">
          <CelebrateButton className="rounded-full border-2 border-brand px-6 py-3 font-bold text-brand hover:bg-red-50">
            I&apos;m ready to stop reading and start building!
          </CelebrateButton>
        </div>
      </Section>

      <Section className="bg-slate-50 sm:rounded-3xl">
        <h2 className="text-2xl font-extrabold sm:text-3xl">Everything you get today</h2>
        <ul className="mt-6 space-y-5">
          {INCLUSIONS.map((item) => (
            <li key={item.title} className="flex gap-4">
              <span aria-hidden="true" className="mt-1 text-xl text-emerald-600">
                ✔
              </span>
              <div>
                <h3 className="text-lg font-bold">{item.title}</h3>
                <p className="text-slate-700">{item.body}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-lg">
          Total value: <span className="line-through">{formatUsd(prices.course.regularPrice)}</span>.{" "}
          <strong className="text-brand">Your price on this page: {formatUsd(prices.course.offerPrice)}.</strong>
        </p>
      </Section>

      <Section>
        <h2 className="text-2xl font-extrabold sm:text-3xl">This cohort is small on purpose</h2>
        <p className="mt-4 text-lg text-slate-700">
          The live workshop only works with a group we can actually help, so this cohort has <strong>200 spots</strong>.{" "}
          <strong>173 are already claimed</strong> — which leaves <strong className="text-brand">27 spots</strong>.
        </p>
        <div
          className="mt-4 h-4 overflow-hidden rounded-full bg-slate-200"
          role="img"
          aria-label="173 of 200 spots claimed"
        >
          <div className="h-full w-[86.5%] bg-brand" />
        </div>
        <p className="mt-2 text-sm text-slate-500">200 spots · 173 claimed · 27 left</p>
      </Section>

      <Section>
        <h2 className="text-2xl font-extrabold sm:text-3xl">
          Why the price drops by {formatUsd(courseSaving(prices))} — only here
        </h2>
        <div className="mt-4 space-y-4 text-lg text-slate-700">
          <p>
            You just took the first step by getting the book. People who act on it in the first week get results; people
            who wait usually don&apos;t. So we reward the decision now: {formatUsd(prices.course.offerPrice)} instead of{" "}
            {formatUsd(prices.course.regularPrice)}, on this page only.
          </p>
          <p>
            When the timer reaches zero the offer closes. If you come back later, AI Step By Step is{" "}
            {formatUsd(prices.course.regularPrice)}.
          </p>
        </div>
        <div className="mt-8">
          <CourseCta addToOrder={addToOrder} label="closing" buyer={buyer} />
        </div>
        <p className="mt-6 text-center text-slate-600">
          Not sure yet?{" "}
          <Link href="/strategy-call" className="font-semibold text-brand underline">
            Watch the short video and schedule a free AI strategy call
          </Link>
          .
        </p>
      </Section>
    </main>
  );
}

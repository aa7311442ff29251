import { type CtaSlot, Eyebrow, Section, SectionTitle } from "@/components/landing/section";
import { FreeOfferButton } from "@/components/lead-capture/opt-in-context";
import { BOOK, GUARANTEE_DAYS, REFERENCE_PRICES } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { LANDING_ROI_INPUT, computeRoi, formatMillions } from "@/lib/site/shared/roi";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export function RoiSection({ cta }: { cta: CtaSlot }) {
  const roi = computeRoi(LANDING_ROI_INPUT);
  const steps = [
    { label: "Team size", value: `${LANDING_ROI_INPUT.teamSize} people` },
    { label: "Time won back with AI", value: `${LANDING_ROI_INPUT.hoursPerDay} extra hour a day each` },
    { label: "Hours recovered per year", value: `${roi.hoursPerYear.toLocaleString("en-US")} hours` },
    { label: `Value at ${formatUsd(LANDING_ROI_INPUT.hourlyValue)} an hour`, value: formatUsd(roi.valuePerYear) },
  ];
  return (
    <Section labelledBy="roi-title" tone="tint">
      <Eyebrow>Do the math</Eyebrow>
      <SectionTitle id="roi-title">What one extra hour a day is worth to a 25-person team</SectionTitle>
      <div className="mt-8 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <dl className="divide-y divide-slate-200">
          {steps.map((step) => (
            <div
              key={step.label}
              className="flex flex-col gap-1 px-6 py-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <dt className="text-slate-700">{step.label}</dt>
              <dd className="text-xl font-bold text-ink">{step.value}</dd>
            </div>
          ))}
        </dl>
        <div className="bg-ink px-6 py-6 text-white">
          <p className="text-lg">
            And when your team applies the 5th Iteration Multiplier and reaches 10X, that becomes
          </p>
          <p className="mt-1 text-4xl font-extrabold text-red-300">{formatMillions(roi.valueAt10x)}</p>
        </div>
      </div>
      <p className="mt-6 text-lg text-slate-700">
        {LANDING_ROI_INPUT.teamSize} people × {LANDING_ROI_INPUT.hoursPerDay} hour × {LANDING_ROI_INPUT.workDaysPerYear}{" "}
        working days = {roi.hoursPerYear.toLocaleString("en-US")} hours — {formatUsd(roi.valuePerYear)} of capacity you
        are already paying for. The book shows you where that hour is hiding.
      </p>
      <div className="mt-8">{cta("roi", "Show Me Where the Hour Is")}</div>
    </Section>
  );
}

export async function WorthSection() {
  const prices = await readSalesPrices();
  const items = [
    { label: "A consulting engagement to design your AI roadmap", price: REFERENCE_PRICES.consulting },
    { label: "A ticket to the AI summit where this framework is taught", price: REFERENCE_PRICES.summitTicket },
    { label: "The Fast Forward hardcover", price: BOOK.hardcoverPrice },
  ];
  return (
    <Section labelledBy="worth-title" threshold={0.15}>
      <Eyebrow>What This Is Worth</Eyebrow>
      <SectionTitle id="worth-title">The same playbook, without the consulting bill</SectionTitle>
      <ul className="mt-8 flex flex-col gap-3">
        {items.map((item) => (
          <li
            key={item.label}
            className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 px-5 py-4"
          >
            <span className="text-slate-800">{item.label}</span>
            <span className="font-bold whitespace-nowrap text-slate-700">{formatUsd(item.price)}</span>
          </li>
        ))}
        <li className="flex items-center justify-between gap-4 rounded-xl border-2 border-brand bg-red-50 px-5 py-4">
          <span className="font-bold text-ink">Your digital copy of Fast Forward today</span>
          <span className="text-2xl font-extrabold whitespace-nowrap text-brand-dark">
            <span className="sr-only">Normally </span>
            <s className="mr-2 text-base font-semibold text-slate-600">{formatUsd(prices.book.normalPrice)}</s>
            FREE
          </span>
        </li>
      </ul>
    </Section>
  );
}

export async function FreeCopySection({ cta }: { cta: CtaSlot }) {
  const prices = await readSalesPrices();
  return (
    <Section id="free-copy" labelledBy="free-copy-title" tone="tint">
      <Eyebrow>Your free copy</Eyebrow>
      <SectionTitle id="free-copy-title">Get Fast Forward free — today only</SectionTitle>
      <p className="mt-6 text-lg text-slate-700">
        The book normally sells for {formatUsd(prices.book.normalPrice)}. Today you can have the complete digital copy
        for nothing: tell us where to send it and start reading in minutes.
      </p>
      <div className="mt-8 rounded-2xl border-2 border-dashed border-green-600 bg-white p-6 sm:p-8">
        <h3 className="text-2xl font-extrabold text-green-800">Better Than Money-Back</h3>
        <p className="mt-3 text-lg text-slate-700">
          Read it for {GUARANTEE_DAYS} days. Apply one step of the RACE Framework. If it does not save your team more
          time than it took to read, tell us and we will help you apply it personally — and you keep the book. You risk
          nothing: the copy is free and the {GUARANTEE_DAYS}-day guarantee stands on anything you buy from us
          afterwards.
        </p>
      </div>
      <div aria-labelledby="decision-title" role="group" className="mt-10 rounded-2xl bg-ink p-6 text-white sm:p-8">
        <h3 id="decision-title" className="text-2xl font-extrabold">
          Decision Point
        </h3>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-slate-600 p-5">
            <p className="font-bold text-slate-200">Option 1: change nothing</p>
            <p className="mt-2 text-slate-300">
              Keep losing 9% of every day to context switching, keep paying $29k a year per $75k employee for friction,
              and watch competitors who use AI pull ahead.
            </p>
          </div>
          <div className="rounded-xl border-2 border-red-400 bg-slate-900 p-5">
            <p className="font-bold text-red-200">Option 2: fast forward</p>
            <p className="mt-2 text-slate-200">
              Get the free book, run the RACE Framework on one process this week, and start winning back the hour a day
              your team is already paying for.
            </p>
          </div>
        </div>
        <div className="mt-8">{cta("decision", "I Choose Option 2 — Send My Free Copy")}</div>
      </div>
    </Section>
  );
}

export function FinalCta() {
  return (
    <section
      aria-labelledby="final-title"
      className="bg-gradient-to-br from-red-600 to-red-800 px-4 py-16 text-center text-white sm:px-6 md:py-24"
    >
      <div data-reveal="0.1" className="mx-auto flex max-w-3xl flex-col items-center gap-6">
        <h2 id="final-title" className="text-3xl font-extrabold text-balance sm:text-4xl">
          Your competitors are already using AI. Catch up — then pass them.
        </h2>
        <p className="text-lg text-red-50">
          Fast Forward is free today. Rank, Analyze, Create, Embed: the whole playbook, in your inbox in minutes.
        </p>
        <FreeOfferButton
          source="final"
          className="inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-white px-8 py-4 text-xl font-bold text-brand-dark shadow-lg shadow-red-950/30 transition hover:bg-red-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white sm:w-auto"
        >
          Get the Book Now for Free
        </FreeOfferButton>
      </div>
    </section>
  );
}

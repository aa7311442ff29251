import { BookCover } from "@/components/site/book-cover";
import { type CtaSlot, Eyebrow, Section, SectionTitle } from "@/components/landing/section";

export const RACE_STEPS = [
  {
    letter: "R",
    name: "Rank",
    title: "Rank your processes by impact",
    text: "List the recurring work in your business and score it by how often it runs, how many people it touches and how much money it moves. You will work only on the top of that list.",
  },
  {
    letter: "A",
    name: "Analyze",
    title: "Analyze the friction points",
    text: "Walk each top process end to end and mark every hand-off, copy-paste, lookup and wait. That friction — not the people — is where AI pays for itself.",
  },
  {
    letter: "C",
    name: "Create",
    title: "Create AI solutions",
    text: "Build the smallest AI tool that removes one friction point: a prompt system, an assistant that knows your documents, an automation between two apps. Anyone on your team can use it.",
  },
  {
    letter: "E",
    name: "Embed",
    title: "Embed them in your operations",
    text: "Make the new way the default: document it, train the team, measure the hours saved and roll it out step by step so it actually sticks.",
  },
] as const;

export function RaceSection({ cta }: { cta: CtaSlot }) {
  return (
    <Section labelledBy="race-title" tone="dark">
      <Eyebrow dark>The method</Eyebrow>
      <SectionTitle id="race-title">The RACE Framework</SectionTitle>
      <p className="mt-4 text-lg text-slate-300">Four steps. In this order. Every time.</p>
      <ol className="mt-10 grid gap-5 sm:grid-cols-2">
        {RACE_STEPS.map((step) => (
          <li key={step.letter} className="rounded-2xl border border-slate-700 bg-slate-900 p-6">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand text-2xl font-extrabold"
              >
                {step.letter}
              </span>
              <h3 className="text-xl font-bold">
                <span className="sr-only">{step.name}: </span>
                {step.title}
              </h3>
            </div>
            <p className="mt-4 text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
      <aside
        aria-labelledby="multiplier-title"
        className="mt-10 rounded-2xl bg-gradient-to-br from-red-600 to-red-800 p-8"
      >
        <h3 id="multiplier-title" className="text-2xl font-extrabold">
          The 5th Iteration Multiplier Effect
        </h3>
        <p className="mt-3 text-lg text-red-50">
          The first version of an AI tool saves minutes. Run RACE on it again and again, and by the fifth iteration the
          same tool compounds into hours a week per person — because each round removes the next friction point the last
          one exposed. This is where the 2x, 3x and 40% results come from, and it is the chapter most readers say
          changed how they run their company.
        </p>
      </aside>
      <div className="mt-10">{cta("race", "Get the RACE Framework Free")}</div>
    </Section>
  );
}

const DISCOVERIES = [
  {
    page: 76,
    title: "The 9.2-second task",
    text: "How to find the tiny moment that drives a third of your value — and protect it.",
  },
  {
    page: 119,
    title: "The toggle tax",
    text: "Why 1,200 app switches a day cost you 9% of your payroll, and the three fixes that end it.",
  },
  {
    page: 152,
    title: "The 5th Iteration Multiplier Effect",
    text: "The compounding loop that turns a minute-saver into an hours-saver.",
  },
  {
    page: 191,
    title: "The $50,000 tool",
    text: "The exact build behind the internal tool that drew a $50,000 buyout offer.",
  },
  {
    page: 243,
    title: "Rollouts that stick",
    text: "The step-by-step Embed plan that gets a whole team using AI without a revolt.",
  },
] as const;

export function InsideSection({ cta }: { cta: CtaSlot }) {
  return (
    <Section labelledBy="inside-title" threshold={0.15}>
      <div className="grid gap-10 md:grid-cols-[1fr_14rem] md:items-start">
        <div>
          <Eyebrow>What&apos;s Inside</Eyebrow>
          <SectionTitle id="inside-title">5 discoveries you will use the week you read them</SectionTitle>
          <ol className="mt-8 flex flex-col gap-4">
            {DISCOVERIES.map((item) => (
              <li
                key={item.page}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5 sm:flex-row sm:gap-4"
              >
                {/* A flex item would otherwise stretch to the card's full height. */}
                <span
                  data-testid="page-badge"
                  className="shrink-0 self-start rounded-lg bg-red-50 px-3 py-1 text-sm font-bold whitespace-nowrap text-brand-dark"
                >
                  Page {item.page}
                </span>
                <div>
                  <h3 className="font-bold text-ink">{item.title}</h3>
                  <p className="mt-1 text-slate-700">{item.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <BookCover
          sizes="(min-width: 768px) 14rem, 60vw"
          className="mx-auto h-auto w-3/5 max-w-56 rounded-md shadow-2xl md:w-full"
        />
      </div>
      <div className="mt-10">{cta("inside", "Claim My Free Copy")}</div>
    </Section>
  );
}

import { type CtaSlot, Eyebrow, Section, SectionTitle } from "@/components/landing/section";

export function IntroSection() {
  return (
    <Section id="intro-section" labelledBy="intro-title">
      <Eyebrow>The 9.2-second discovery</Eyebrow>
      <SectionTitle id="intro-title">One 9.2-second task drives 32.7% of your team&apos;s value</SectionTitle>
      <div className="mt-6 flex flex-col gap-4 text-lg text-slate-700">
        <p>
          When we timed the work inside real companies, something strange showed up. The moments that actually create
          value are tiny. In one process, a single task that took <strong>9.2 seconds</strong> drove{" "}
          <strong>32.7% of all the value</strong> the team produced.
        </p>
        <p>
          Everything around it — searching, copying, waiting for approvals, switching between tools — was overhead.
          Measured end to end, <strong>99.97% of the time</strong> spent on that process was wasted.
        </p>
        <p>
          That is the opportunity most businesses miss. AI is not about replacing people. It is about stripping away the
          99.97% so your people can spend their day on the 9.2 seconds that matter.
        </p>
      </div>
    </Section>
  );
}

const COSTS = [
  { figure: "9%", label: "of productive time lost to context switching" },
  { figure: "1,200", label: "app toggles per employee, every single day" },
  { figure: "$29k", label: "wasted each year on a $75k employee" },
  { figure: "$58k", label: "wasted each year on a $150k employee" },
] as const;

export function ProblemSection() {
  return (
    <Section labelledBy="problem-title" tone="tint">
      <Eyebrow>The problem</Eyebrow>
      <SectionTitle id="problem-title">Why businesses that ignore AI will die</SectionTitle>
      <p className="mt-6 text-lg text-slate-700">
        Not because a robot takes their jobs — because a competitor with the same people gets twice as much done. Your
        team is drowning in friction, and it costs more than you think:
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {COSTS.map((cost) => (
          <li key={cost.label} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-4xl font-extrabold text-brand-dark">{cost.figure}</p>
            <p className="mt-1 text-slate-700">{cost.label}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-lg text-slate-700">
        Add it up for a 25-person team and you are losing <strong>over $725,000 a year</strong> — before counting the
        deals, launches and customers that slipped while everyone was busy toggling tabs. Every month you wait, the gap
        between you and the companies already using AI grows wider.
      </p>
    </Section>
  );
}

const RESULTS = [
  { figure: "2x", label: "support efficiency" },
  { figure: "3x", label: "content speed" },
  { figure: "40%", label: "lower operating costs" },
] as const;

export function SolutionSection({ cta }: { cta: CtaSlot }) {
  return (
    <Section labelledBy="solution-title" threshold={0.15}>
      <Eyebrow>The solution</Eyebrow>
      <SectionTitle id="solution-title">A four-step framework that turns AI into hours and dollars</SectionTitle>
      <p className="mt-6 text-lg text-slate-700">
        Fast Forward replaces guesswork with a repeatable method. You rank your processes, analyze where the friction
        is, create small AI solutions for exactly those points, and embed them so they stick. No data-science team, no
        six-figure software project. Businesses applying it have seen:
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {RESULTS.map((result) => (
          <li key={result.label} className="rounded-2xl bg-red-50 p-6 text-center">
            <p className="text-5xl font-extrabold text-brand-dark">{result.figure}</p>
            <p className="mt-2 font-semibold text-ink">{result.label}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-lg text-slate-700">
        One tool built with this method drew a <strong>$50,000 buyout offer</strong> from a company that wanted it for
        itself. The book shows you how it was built — and how to build yours.
      </p>
      <div className="mt-8">{cta("solution", "Send Me the Free Book")}</div>
    </Section>
  );
}

import type { Metadata } from "next";
import { OfferLayout, Panel } from "@/components/offers/offer-layout";
import { CheckList } from "@/components/ui/check-list";
import { CTA_LARGE } from "@/components/site/cta-styles";
import { pageMetadata } from "@/lib/site/server/page-metadata";
import { LANDING_ROI_INPUT, computeRoi } from "@/lib/site/shared/roi";
import { formatUsd } from "@/lib/shared/money";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/discovery",
    title: "Book your free AI discovery session",
    description:
      "A free one-on-one discovery session for business owners: map where AI pays in your company with the RACE Framework and leave with a rollout plan.",
  });
}

const AGENDA = [
  "Rank: we list your team's recurring processes and pick the three with the highest impact",
  "Analyze: we find the friction points — hand-offs, copy-paste, app toggling — that AI can remove",
  "Create: you see examples of the AI tools that fit those exact points",
  "Embed: you leave with a step-by-step rollout plan your team can follow",
] as const;

export default function DiscoveryPage() {
  const roi = computeRoi(LANDING_ROI_INPUT);
  return (
    <OfferLayout
      eyebrow="Free for business owners"
      title="Book your free one-on-one AI discovery session"
      lead={
        <p>
          You run a team, and you want AI to save real hours — not become another subscription nobody uses. In a free,
          one-on-one session we apply the RACE Framework from Fast Forward to <em>your</em> business, live.
        </p>
      }
    >
      <Panel id="agenda-title" title="What we cover in the session">
        <CheckList items={AGENDA} />
      </Panel>
      <Panel id="who-title" title="Who it is for">
        <p>
          Owners and team leads of companies with a team to train. If you have a {LANDING_ROI_INPUT.teamSize}-person
          team, one extra hour a day is {roi.hoursPerYear.toLocaleString("en-US")} hours a year — about{" "}
          {formatUsd(roi.valuePerYear)} of capacity. The session shows you where your hour is hiding.
        </p>
        <p>
          There is no cost and no obligation. If a program is a fit for your team, we will tell you; if not, you keep
          the plan.
        </p>
      </Panel>
      <div className="flex flex-col items-start gap-3">
        <a href="/schedule-call" className={CTA_LARGE}>
          Schedule Your Discovery Session
        </a>
        <p className="text-base text-slate-600">Pick a time that suits you on the next page.</p>
      </div>
    </OfferLayout>
  );
}

import type { Metadata } from "next";
import { OfferLayout, Panel } from "@/components/offers/offer-layout";
import { CheckList } from "@/components/ui/check-list";
import { CTA_LARGE } from "@/components/site/cta-styles";
import { TEAM, teamDiscountPercent } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { pageMetadata } from "@/lib/site/server/page-metadata";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function generateMetadata(): Promise<Metadata> {
  const prices = await readSalesPrices();
  return pageMetadata({
    path: "/upsell",
    title: `Team AI training — ${formatUsd(prices.team.seatPrice)} per seat`,
    description: `Train your team to build AI tools in ${TEAM.programDays} days: ${formatUsd(prices.team.seatPrice)} per seat per month instead of ${formatUsd(prices.team.normalSeatPrice)} (${teamDiscountPercent(prices)}% off), with a ${TEAM.roiGuaranteeDays}-day ROI guarantee.`,
  });
}

const PROGRAM = [
  `A ${TEAM.programDays}-day live program that takes your team through the RACE Framework on your own processes`,
  "Each participant builds at least one AI tool for their own daily work",
  "Weekly implementation reviews, so the tools get embedded — not forgotten",
  "Recordings and templates your team keeps after the program ends",
] as const;

export default async function UpsellPage() {
  const prices = await readSalesPrices();
  return (
    <OfferLayout
      eyebrow="For teams"
      title={
        <>
          Give your whole team the RACE Framework —{" "}
          <span className="text-brand">{teamDiscountPercent(prices)}% off</span>
        </>
      }
      lead={
        <p>
          Reading the book changes how you see AI. Training your team changes how your company works. Enrol your people
          in the {TEAM.programDays}-day team program and let each of them build the tools that win back their hour a
          day.
        </p>
      }
    >
      <Panel id="program-title" title="The team program">
        <CheckList items={PROGRAM} />
      </Panel>
      <Panel id="price-title" title="Price per seat" tone="brand">
        <p>
          Normally <s className="font-semibold">{formatUsd(prices.team.normalSeatPrice)}</s> per employee. Today:
        </p>
        <p className="text-4xl font-extrabold text-ink">
          {formatUsd(prices.team.seatPrice)} <span className="text-xl font-bold">per seat per month</span>
        </p>
        <p className="text-base">
          {teamDiscountPercent(prices)}% off. Choose 1 to 50 seats on the next page; you can start with one seat and add
          more.
        </p>
        <a href="/checkout-realtime-academy-metadata?seats=1" className={CTA_LARGE}>
          Choose My Team Seats
        </a>
      </Panel>
      <Panel id="guarantee-title" title={`${TEAM.roiGuaranteeDays}-day ROI guarantee`} tone="guarantee">
        <p>
          If your team does not build at least one tool that pays for the program within {TEAM.roiGuaranteeDays} days,
          we refund you in full. You keep everything your team built.
        </p>
      </Panel>
    </OfferLayout>
  );
}

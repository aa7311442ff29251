import type { Metadata } from "next";
import { CourseOfferBox } from "@/components/offers/course-offer-box";
import { OfferLayout, Panel } from "@/components/offers/offer-layout";
import { CheckList } from "@/components/ui/check-list";
import { formatUsd } from "@/lib/shared/money";
import { pageMetadata } from "@/lib/site/server/page-metadata";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function generateMetadata(): Promise<Metadata> {
  const prices = await readSalesPrices();
  return pageMetadata({
    path: "/offer",
    title: `AI Step By Step — the course for ${formatUsd(prices.course.offerPrice)}`,
    description: `AI Step By Step: video training series, virtual workshop, implementation guide, 30 business templates and the bonus 72-Hour Cash Machine. ${formatUsd(prices.course.offerPrice)} instead of ${formatUsd(prices.course.regularPrice)}.`,
  });
}

const OUTCOMES = [
  "Rank your processes and choose the first three to automate",
  "Build your first AI tools with the 30 business templates",
  "Run the 5th Iteration Multiplier on each tool until it saves hours, not minutes",
  "Roll it out to your team with the implementation guide",
] as const;

export default async function OfferPage() {
  const prices = await readSalesPrices();
  return (
    <OfferLayout
      eyebrow="For Fast Forward readers"
      title={
        <>
          Turn the book into results with <span className="text-brand">AI Step By Step</span>
        </>
      }
      lead={
        <p>
          The book gives you the RACE Framework. The course walks you through applying it, screen by screen, until your
          first AI tools are running in your business. Regular price {formatUsd(prices.course.regularPrice)} — today{" "}
          {formatUsd(prices.course.offerPrice)}.
        </p>
      }
    >
      <Panel id="outcomes-title" title="What you will do in the course">
        <CheckList items={OUTCOMES} />
      </Panel>
      <CourseOfferBox source="offer" buttonLabel={`Get AI Step By Step for ${formatUsd(prices.course.offerPrice)}`} />
    </OfferLayout>
  );
}

import { CTA_LARGE } from "@/components/site/cta-styles";
import { Panel } from "@/components/offers/offer-layout";
import { CheckList } from "@/components/ui/check-list";
import { COURSE, COURSE_INCLUSIONS, GUARANTEE_DAYS, cohortSpotsLeft, courseSaving } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { COURSE_CHECKOUT } from "@/lib/offers/shared/offer-links";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function CourseOfferBox({ source, buttonLabel }: { source: string; buttonLabel: string }) {
  const prices = await readSalesPrices();
  return (
    <Panel id={`${source}-course-offer`} title="AI Step By Step — everything included" tone="brand">
      <CheckList items={COURSE_INCLUSIONS} />
      <div className="flex flex-col gap-1 border-t border-red-200 pt-4">
        <p>
          Regular price: <s className="font-semibold">{formatUsd(prices.course.regularPrice)}</s>
        </p>
        <p className="text-3xl font-extrabold text-ink">
          Today: {formatUsd(prices.course.offerPrice)}{" "}
          <span className="text-lg font-bold text-green-800">you save {formatUsd(courseSaving(prices))}</span>
        </p>
        <p className="text-base">One payment, card checkout, {GUARANTEE_DAYS}-day money-back guarantee.</p>
      </div>
      <CohortMeter />
      <a href={COURSE_CHECKOUT} data-checkout={source} className={CTA_LARGE}>
        {buttonLabel}
      </a>
    </Panel>
  );
}

function CohortMeter() {
  const claimedPercent = Math.round((COURSE.cohortClaimed / COURSE.cohortSpots) * 100);
  return (
    <div>
      <p className="font-semibold text-ink">
        This cohort: {COURSE.cohortSpots} spots · {COURSE.cohortClaimed} claimed · only {cohortSpotsLeft()} left
      </p>
      <div aria-hidden="true" className="mt-2 h-3 overflow-hidden rounded-full bg-red-100">
        <div className="h-full rounded-full bg-brand" style={{ width: `${claimedPercent}%` }} />
      </div>
    </div>
  );
}

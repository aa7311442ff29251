import Link from "next/link";
import { TeamVideoOffer } from "@/components/offers/team-video-offer";
import { TEAM, teamDiscountPercent } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function TeamOffer({
  firstName,
  videoUrl,
  testPurchases,
  loopVideo,
}: {
  firstName: string;
  videoUrl: string;
  testPurchases: boolean;
  loopVideo: boolean;
}) {
  const prices = await readSalesPrices();
  return (
    <main id="main" className="mx-auto max-w-4xl px-5 py-10 sm:py-14">
      <p className="text-center text-sm font-bold tracking-widest text-brand uppercase">
        {firstName}, before you go — for teams
      </p>
      <h1 className="mt-3 text-center text-3xl font-extrabold tracking-tight sm:text-5xl">
        Turn your whole team into AI builders in 30 days
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-center text-lg text-slate-700">
        The book gives you the RACE Framework. The team training has every person on your team rank, analyze, create and
        embed one AI tool in their own work — guided, in a 30-day program.
      </p>
      <div className="mt-8">
        <TeamVideoOffer videoUrl={videoUrl} testPurchases={testPurchases} loop={loopVideo} prices={prices} />
      </div>
      <section className="mx-auto mt-12 max-w-2xl space-y-4 text-lg text-slate-700">
        <h2 className="text-2xl font-extrabold text-ink">What your team gets</h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>A 30-day guided program built on the four RACE steps.</li>
          <li>Each participant ships at least one working AI tool for their own role.</li>
          <li>Rollout templates so the tools get used after the program ends.</li>
        </ul>
        <h2 className="pt-4 text-2xl font-extrabold text-ink">The 90-day ROI guarantee</h2>
        <p>
          If your team does not build at least one tool that pays for the program within {TEAM.roiGuaranteeDays} days,
          you get a full refund. Seats are {formatUsd(prices.team.seatPrice)} per month instead of the normal{" "}
          {formatUsd(prices.team.normalSeatPrice)} per employee — {teamDiscountPercent(prices)}% off.
        </p>
        <p className="pt-4 text-center">
          Want to talk it through first?{" "}
          <Link href="/strategy-call" className="font-semibold text-brand underline">
            Schedule a free AI strategy call
          </Link>
          .
        </p>
      </section>
    </main>
  );
}

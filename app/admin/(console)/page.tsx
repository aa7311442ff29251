import type { Metadata } from "next";
import { FunnelSection } from "@/components/console/overview/funnel-section";
import { LeadsSection } from "@/components/console/overview/leads-section";
import { RevenueSection, SeatsSection } from "@/components/console/overview/money-sections";
import { SubscriptionsSection } from "@/components/console/overview/subscriptions-section";
import { OffersSection } from "@/components/console/overview/offers-section";
import { RangeControls } from "@/components/console/overview/range-controls";
import { DemoClockForm } from "@/components/console/overview/demo-clock-form";
import { can } from "@/lib/operators/shared/permissions";
import { gatewayMode } from "@/lib/payments/server/select-gateway";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { funnelReport } from "@/lib/console/server/funnel-report";
import { leadsPerDayReport } from "@/lib/console/server/leads-per-day-report";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { offerReport } from "@/lib/console/server/offer-report";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { revenueTrendReport } from "@/lib/console/server/revenue-trend-report";
import { seatSeriesReport } from "@/lib/console/server/seat-series-report";
import { renewalRecoveryReport } from "@/lib/console/server/renewal-recovery-report";
import { churnReport } from "@/lib/console/server/churn-report";
import { previousRange, trendOf } from "@/lib/console/shared/day-series";
import { parseOverviewParams, type SearchParams } from "@/lib/console/shared/overview-params";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

export default async function AdminHome({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requireOperator("console.view");
  const view = parseOverviewParams(await searchParams);
  const [funnel, revenue, revenueTrend, offers, seats, seatSeries, leads, recovery, churn] = await Promise.all([
    funnelReport({ ...view.range, split: view.split }),
    revenueReport(view.range),
    revenueTrendReport(view.range),
    offerReport(view.range),
    seatReport(),
    seatSeriesReport(view.range),
    // With the previous period, for the chart beside it.
    leadsPerDayReport({ from: previousRange(view.range).from, to: view.range.to }),
    renewalRecoveryReport(view.range),
    churnReport(view.range),
  ]);
  const leadsTrend = trendOf(
    view.range,
    leads.days.map((d) => ({ day: d.day, value: d.leads })),
  );
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Overview</h1>
        <p className="text-sm text-slate-600" data-testid="range-label">
          {view.fromDay} to {view.toDay} (UTC days, both included)
        </p>
      </div>
      {view.error && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {view.error} Showing the last 30 days.
        </p>
      )}
      <RangeControls view={view} />
      <FunnelSection report={funnel} view={view} />
      <RevenueSection report={revenue} trend={revenueTrend} seats={seats} />
      <OffersSection report={offers} />
      <SeatsSection report={seats} series={seatSeries} />
      <SubscriptionsSection recovery={recovery} churn={churn} />
      <LeadsSection trend={leadsTrend} />
      {gatewayMode() === "demo" && can(me.role, "demo.clock") && (
        <DemoClockForm now={(await demoNow()).toISOString()} />
      )}
    </div>
  );
}

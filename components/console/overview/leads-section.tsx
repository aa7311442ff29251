import type { Trend } from "@/lib/console/shared/day-series";
import { formatCount } from "@/lib/console/shared/console-format";
import { TrendBlock } from "./trend-block";

export function LeadsSection({ trend }: { trend: Trend }) {
  const first = trend.days[0]?.day ?? "";
  const last = trend.days.at(-1)?.day ?? "";
  return (
    <section aria-labelledby="leads-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="leads-heading" className="text-lg font-semibold">
        New leads{" "}
        <span className="text-sm font-normal text-slate-600" data-testid="leads-total">
          {formatCount(trend.total)}
        </span>
      </h2>
      <div className="mt-3">
        <TrendBlock
          id="leads-per-day"
          title={`New leads per day, ${first} to ${last}: ${formatCount(trend.total)} in all, previous period dashed`}
          trend={trend}
          unit="New leads"
          format={formatCount}
        />
      </div>
    </section>
  );
}

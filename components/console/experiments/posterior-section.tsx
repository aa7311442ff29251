import { TitledSection } from "@/components/ui/titled-section";
import { BandChart } from "@/components/console/charts/band-chart";
import { TableDetails } from "@/components/console/charts/chart-svg";
import type { PosteriorDay } from "@/lib/console/shared/posterior-series";
import { formatPercent } from "@/lib/experiments/shared/format-metric";
import type { Metric } from "@/lib/experiments/shared/surfaces";

// The revenue metric is charted by its paid rate, as its minimum sample counts payers.
const RATE_LABELS: Record<Metric, string> = {
  opt_in: "Opt-in rate",
  paid: "Paid conversion",
  revenue: "Paid conversion",
};

const pct = (share: number) => formatPercent(share, 1);
const cell = "px-2 py-1 text-right tabular-nums whitespace-nowrap";

function describe(days: PosteriorDay[], firstReached: number | null): string {
  const last = days.at(-1);
  if (!last) return "No days yet.";
  const arms = last.arms
    .map(
      (a, i) =>
        `${a.key}${i === 0 ? " (control)" : ""} ${pct(a.mean)}, 95 % interval ${pct(a.lower)} to ${pct(a.upper)}, ` +
        `${a.conversions} of ${a.visitors} visitors`,
    )
    .join("; ");
  const reached =
    firstReached === null
      ? "The minimum sample for a verdict is not reached yet."
      : `The minimum sample for a verdict was reached on ${days[firstReached]?.day ?? ""}.`;
  return `On ${last.day}: ${arms}. ${reached}`;
}

export function PosteriorSection({ days, metric }: { days: PosteriorDay[]; metric: Metric }) {
  if (days.length === 0) return null;
  const index = days.findIndex((d) => d.reached);
  const firstReached = index < 0 ? null : index;
  const variants = days[0]?.arms.map((a) => a.key) ?? [];
  const label = RATE_LABELS[metric];
  return (
    <TitledSection
      id="posterior-heading"
      title={`${label} over time`}
      className="space-y-2"
      headingClassName="text-lg font-bold"
    >
      <p className="text-sm text-slate-700">
        Each variant&apos;s estimate (line) and 95 % credible interval (band), from the visitors exposed up to each day.
      </p>
      <BandChart
        id="posterior-chart"
        title={`${label} per variant by day, ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""}`}
        desc={describe(days, firstReached)}
        days={days.map((d) => d.day)}
        series={variants.map((key, i) => ({
          name: i === 0 ? `${key} (control)` : key,
          mean: days.map((d) => d.arms[i]?.mean ?? 0),
          lower: days.map((d) => d.arms[i]?.lower ?? 0),
          upper: days.map((d) => d.arms[i]?.upper ?? 0),
        }))}
        firstReached={firstReached}
        format={(v) => formatPercent(v, 0)}
      />
      <TableDetails label="Show as table">
        <table className="w-full text-sm" data-testid="posterior-table">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="px-2 py-1 text-left">
                Day (UTC)
              </th>
              {variants.map((key) => (
                <th key={key} scope="col" className={cell}>
                  {key}
                </th>
              ))}
              <th scope="col" className={cell}>
                Minimum sample
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-b border-slate-100" data-day={d.day}>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {d.day}
                </th>
                {d.arms.map((a) => (
                  <td key={a.key} className={cell} data-variant={a.key}>
                    {pct(a.mean)}
                    <span className="block text-xs text-slate-500">
                      {pct(a.lower)} to {pct(a.upper)}; {a.conversions}/{a.visitors}
                    </span>
                  </td>
                ))}
                <td className={cell}>{d.reached ? "reached" : "not enough data"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableDetails>
    </TitledSection>
  );
}

import { formatCount } from "@/lib/console/shared/console-format";
import type { LeadsDay } from "@/lib/console/server/leads-per-day-report";

// The SVG stretches to the box; axis labels are HTML around it, so they stay readable at any width.

const WIDTH = 1000;
const HEIGHT = 100;

export function DayChart({ days, total }: { days: LeadsDay[]; total: number }) {
  const max = Math.max(1, ...days.map((d) => d.leads));
  const step = WIDTH / Math.max(1, days.length);
  const peak = days.reduce<LeadsDay | null>((best, d) => (best && best.leads >= d.leads ? best : d), null);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const label =
    `New leads per day, ${first} to ${last}: ${formatCount(total)} in all` +
    (peak && peak.leads > 0 ? `, most on ${peak.day} (${formatCount(peak.leads)})` : "");
  return (
    <figure className="text-xs text-slate-600">
      <p aria-hidden="true">peak {formatCount(peak?.leads ?? 0)} a day</p>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 block h-32 w-full border-b border-slate-300 sm:h-40"
      >
        <title>{label}</title>
        {days.map((d, i) => {
          const h = (d.leads / max) * HEIGHT;
          return (
            <rect
              key={d.day}
              x={i * step + step * 0.1}
              y={HEIGHT - h}
              width={Math.max(0.5, step * 0.8)}
              height={h}
              fill="#1e3a8a"
            >
              <title>{`${d.day}: ${formatCount(d.leads)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption aria-hidden="true" className="mt-1 flex justify-between">
        <span>{first}</span>
        <span>{last}</span>
      </figcaption>
    </figure>
  );
}

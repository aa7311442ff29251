import { formatCount } from "@/lib/admin/shared/console-format";
import type { LeadsDay } from "@/lib/admin/server/leads-per-day-report";

// New leads per day as server-drawn SVG columns (one per UTC day, up to a year), with the axis
// ends and the peak written out; every day's number is in the table under the chart.

const WIDTH = 320;
const HEIGHT = 120;
const TOP = 16;
const BOTTOM = 104;

export function DayChart({ days, total }: { days: LeadsDay[]; total: number }) {
  const max = Math.max(1, ...days.map((d) => d.leads));
  const step = WIDTH / Math.max(1, days.length);
  const peak = days.reduce<LeadsDay | null>((best, d) => (best && best.leads >= d.leads ? best : d), null);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const label =
    `New leads per day, ${first} to ${last}: ${formatCount(total)} in all` +
    (peak ? `, most on ${peak.day} (${formatCount(peak.leads)})` : "");
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full">
      <title>{label}</title>
      <text x={0} y={10} fontSize={10} fill="#475569">
        {`max ${formatCount(max)}`}
      </text>
      <line x1={0} x2={WIDTH} y1={BOTTOM} y2={BOTTOM} stroke="#cbd5e1" strokeWidth={1} />
      {days.map((d, i) => {
        const h = (d.leads / max) * (BOTTOM - TOP);
        return (
          <rect
            key={d.day}
            x={i * step + step * 0.1}
            y={BOTTOM - h}
            width={Math.max(0.5, step * 0.8)}
            height={h}
            fill="#1e3a8a"
          >
            <title>{`${d.day}: ${formatCount(d.leads)}`}</title>
          </rect>
        );
      })}
      <text x={0} y={HEIGHT - 2} fontSize={10} fill="#475569">
        {first}
      </text>
      <text x={WIDTH} y={HEIGHT - 2} fontSize={10} fill="#475569" textAnchor="end">
        {last}
      </text>
    </svg>
  );
}

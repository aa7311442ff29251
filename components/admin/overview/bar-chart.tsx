// A horizontal bar chart drawn on the server as SVG: one labelled bar per row, an optional inner
// bar (e.g. net inside gross). role="img" with <title> and <desc> naming every value, so a screen
// reader hears the numbers; the page shows the same numbers in a table beside the chart.

export type Bar = { label: string; value: number; valueLabel: string; inner?: number };

const WIDTH = 320;
const ROW = 38;
const BAR = 14;

export function BarChart({ id, title, bars }: { id: string; title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = Math.max(ROW, bars.length * ROW);
  const scale = (v: number) => (v / max) * WIDTH;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full max-w-md"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((b) => `${b.label}: ${b.valueLabel}`).join("; ")}</desc>
      {bars.map((bar, i) => (
        <g key={bar.label} transform={`translate(0 ${i * ROW})`}>
          <text x={0} y={13} fontSize={12} fill="#334155">
            {bar.label}
          </text>
          <text x={WIDTH} y={13} fontSize={12} fill="#0f172a" textAnchor="end" fontWeight={600}>
            {bar.valueLabel}
          </text>
          <rect x={0} y={18} width={WIDTH} height={BAR} rx={3} fill="#f1f5f9" />
          <rect x={0} y={18} width={scale(bar.value)} height={BAR} rx={3} fill="#1e3a8a" />
          {bar.inner !== undefined && (
            <rect x={0} y={22} width={scale(Math.max(0, bar.inner))} height={BAR - 8} rx={2} fill="#60a5fa" />
          )}
        </g>
      ))}
    </svg>
  );
}

// role="img" with <title> and <desc> naming every value, so a screen reader hears the numbers.

export type Bar = { label: string; value: number; valueLabel: string; inner?: number };

const WIDTH = 320;
const LINE = 16;
const BAR = 14;
/** A rough width of 12 px text. */
const textWidth = (text: string) => text.length * 6.6;

export function BarChart({ id, title, bars }: { id: string; title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const scale = (v: number) => (v / max) * WIDTH;
  const heights = bars.map((bar) => {
    const twoLines = textWidth(bar.label) + textWidth(bar.valueLabel) + 12 > WIDTH;
    return { twoLines, height: (twoLines ? 2 : 1) * LINE + BAR + 10 };
  });
  const rows = bars.map((bar, i) => ({
    bar,
    twoLines: heights[i]?.twoLines ?? false,
    top: heights.slice(0, i).reduce((sum, h) => sum + h.height, 0),
  }));
  const y = heights.reduce((sum, h) => sum + h.height, 0);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${Math.max(y, 1)}`}
      className="h-auto w-full max-w-md"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((b) => `${b.label}: ${b.valueLabel}`).join("; ")}</desc>
      {rows.map(({ bar, top, twoLines }) => {
        const barY = (twoLines ? 2 : 1) * LINE + 2;
        return (
          <g key={bar.label} transform={`translate(0 ${top})`}>
            <text x={0} y={12} fontSize={12} fill="#334155">
              {bar.label}
            </text>
            <text
              x={twoLines ? 0 : WIDTH}
              y={twoLines ? 12 + LINE : 12}
              fontSize={12}
              fill="#0f172a"
              textAnchor={twoLines ? "start" : "end"}
              fontWeight={600}
            >
              {bar.valueLabel}
            </text>
            <rect x={0} y={barY} width={WIDTH} height={BAR} rx={3} fill="#f1f5f9" />
            <rect x={0} y={barY} width={scale(bar.value)} height={BAR} rx={3} fill="#1e3a8a" />
            {bar.inner !== undefined && (
              <rect x={0} y={barY + 4} width={scale(Math.max(0, bar.inner))} height={BAR - 8} rx={2} fill="#60a5fa" />
            )}
          </g>
        );
      })}
    </svg>
  );
}

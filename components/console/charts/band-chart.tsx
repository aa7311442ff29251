import { scaleLinear } from "@visx/scale";
import { Area, LinePath } from "@visx/shape";
import { ChartSvg, MUTED } from "./chart-svg";
import { DASHES, Legend, MARGIN, XEnds, YGrid } from "./chart-axes";

// A line per series inside its shaded interval; days before `firstReached` are marked as too
// early to judge, in words, not by colour alone.

export type BandSeries = { name: string; mean: number[]; lower: number[]; upper: number[] };

const WIDTH = 400;
const HEIGHT = 220;
const COLORS = ["#1e3a8a", "#b45309", "#047857", "#7c3aed"];

export function BandChart({
  id,
  title,
  desc,
  days,
  series,
  firstReached,
  format,
}: {
  id: string;
  title: string;
  desc: string;
  days: string[];
  series: BandSeries[];
  /** Index of the first day with enough data; null: none yet. */
  firstReached: number | null;
  format: (value: number) => string;
}) {
  const count = Math.max(1, days.length);
  const x = scaleLinear({ domain: [0, Math.max(1, count - 1)], range: [MARGIN.left, WIDTH - MARGIN.right] });
  const y = scaleLinear({
    domain: [0, Math.max(0.01, ...series.flatMap((s) => s.upper))],
    range: [HEIGHT - MARGIN.bottom, MARGIN.top],
    nice: true,
  });
  const early = firstReached === null ? count - 1 : firstReached - 0.5;
  return (
    <ChartSvg id={id} title={title} desc={desc} width={WIDTH} height={HEIGHT}>
      {early > 0 && (
        <g aria-hidden="true">
          <rect
            x={MARGIN.left}
            y={MARGIN.top}
            width={Math.max(0, x(Math.min(early, count - 1)) - MARGIN.left)}
            height={HEIGHT - MARGIN.top - MARGIN.bottom}
            fill="#f8fafc"
            stroke="#cbd5e1"
            strokeDasharray="3 3"
          />
          <text x={MARGIN.left + 4} y={MARGIN.top + 14} fill={MUTED}>
            not enough data
          </text>
        </g>
      )}
      <YGrid y={y} width={WIDTH} format={format} />
      <Legend
        items={series.map((s, i) => ({
          name: s.name,
          color: COLORS[i % COLORS.length]!,
          dash: DASHES[i % DASHES.length],
        }))}
      />
      {series.map((s, i) => {
        const color = COLORS[i % COLORS.length]!;
        const data = s.mean.map((mean, index) => ({
          index,
          mean,
          lower: s.lower[index] ?? mean,
          upper: s.upper[index] ?? mean,
        }));
        return (
          <g key={s.name}>
            <Area
              data={data}
              x={(p) => x(p.index)}
              y0={(p) => y(p.lower)}
              y1={(p) => y(p.upper)}
              fill={color}
              fillOpacity={0.14}
            />
            <LinePath
              data={data}
              x={(p) => x(p.index)}
              y={(p) => y(p.mean)}
              stroke={color}
              strokeWidth={2.5}
              strokeDasharray={DASHES[i % DASHES.length]}
              fill="none"
            />
          </g>
        );
      })}
      <XEnds first={days[0] ?? ""} last={days.at(-1) ?? ""} width={WIDTH} height={HEIGHT} />
    </ChartSvg>
  );
}

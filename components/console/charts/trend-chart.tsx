import { scaleLinear } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";
import { ChartSvg } from "./chart-svg";
import { DASHES, Legend, MARGIN, XEnds, YGrid } from "./chart-axes";

// Lines over days; the first series is filled, the others are dashed (a previous period, say).

export type TrendSeries = { name: string; values: number[] };

const WIDTH = 400;
const HEIGHT = 200;
const COLORS = ["#1e3a8a", "#64748b", "#b45309", "#047857"];

export function TrendChart({
  id,
  title,
  desc,
  days,
  series,
  format,
}: {
  id: string;
  title: string;
  desc: string;
  /** Labels of the x axis's first and last points. */
  days: string[];
  series: TrendSeries[];
  format: (value: number) => string;
}) {
  const count = Math.max(1, ...series.map((s) => s.values.length));
  const x = scaleLinear({ domain: [0, Math.max(1, count - 1)], range: [MARGIN.left, WIDTH - MARGIN.right] });
  const y = scaleLinear({
    domain: [Math.min(0, ...series.flatMap((s) => s.values)), Math.max(1, ...series.flatMap((s) => s.values))],
    range: [HEIGHT - MARGIN.bottom, MARGIN.top],
    nice: true,
  });
  const points = (values: number[]) => values.map((value, index) => ({ index, value }));
  return (
    <ChartSvg id={id} title={title} desc={desc} width={WIDTH} height={HEIGHT}>
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
        const data = points(s.values);
        return (
          <g key={s.name}>
            {i === 0 && (
              <AreaClosed
                data={data}
                x={(p) => x(p.index)}
                y={(p) => y(p.value)}
                yScale={y}
                fill={color}
                fillOpacity={0.12}
              />
            )}
            <LinePath
              data={data}
              x={(p) => x(p.index)}
              y={(p) => y(p.value)}
              stroke={color}
              strokeWidth={i === 0 ? 2.5 : 2}
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

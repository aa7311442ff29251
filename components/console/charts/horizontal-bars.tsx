import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { Bar as BarShape } from "@visx/shape";
import { ChartSvg, INK, MUTED } from "./chart-svg";
import { offsets } from "./chart-axes";

// One bar a row, its label and value written beside it, so no number is told by length alone.

export type Bar = { label: string; value: number; valueLabel: string; inner?: number };

const WIDTH = 400;
const LINE = 17;
const BAR = 14;
/** A rough width of 13 px text. */
const textWidth = (text: string) => text.length * 7.2;

export function HorizontalBars({ id, title, bars }: { id: string; title: string; bars: Bar[] }) {
  const x = scaleLinear({ domain: [0, Math.max(1, ...bars.map((b) => b.value))], range: [0, WIDTH] });
  const twoLines = bars.map((bar) => textWidth(bar.label) + textWidth(bar.valueLabel) + 12 > WIDTH);
  const heights = twoLines.map((two) => (two ? 2 : 1) * LINE + BAR + 10);
  const tops = offsets(heights);
  const rows = bars.map((bar, i) => ({ bar, twoLines: twoLines[i] ?? false, top: tops[i] ?? 0 }));
  const top = heights.reduce((sum, h) => sum + h, 0);
  return (
    <ChartSvg
      id={id}
      title={title}
      desc={bars.map((b) => `${b.label}: ${b.valueLabel}`).join("; ")}
      width={WIDTH}
      height={Math.max(top, 1)}
    >
      {rows.map(({ bar, top: rowTop, twoLines }) => {
        const barY = (twoLines ? 2 : 1) * LINE + 2;
        return (
          <Group key={bar.label} top={rowTop}>
            <text x={0} y={13} fill={MUTED}>
              {bar.label}
            </text>
            <text
              x={twoLines ? 0 : WIDTH}
              y={twoLines ? 13 + LINE : 13}
              fill={INK}
              textAnchor={twoLines ? "start" : "end"}
              fontWeight={600}
            >
              {bar.valueLabel}
            </text>
            <BarShape x={0} y={barY} width={WIDTH} height={BAR} rx={3} fill="#f1f5f9" />
            <BarShape x={0} y={barY} width={x(bar.value)} height={BAR} rx={3} fill="#1e3a8a" />
            {bar.inner !== undefined && (
              <BarShape x={0} y={barY + 4} width={x(Math.max(0, bar.inner))} height={BAR - 8} rx={2} fill="#93c5fd" />
            )}
          </Group>
        );
      })}
    </ChartSvg>
  );
}

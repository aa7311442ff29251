import { CHART_FONT, GRID, MUTED } from "./chart-svg";

// Axes drawn as plain SVG text from the scale's ticks (@visx/axis measures text in the browser).

/** What the axes need of a linear scale. */
export type LinearScale = { (value: number): number; ticks(count?: number): number[] };

export const MARGIN = { top: 28, right: 10, bottom: 22, left: 56 };

/** Dash patterns tell series apart without colour. */
export const DASHES = [undefined, "6 4", "2 3", "10 3 2 3"] as const;

export function YGrid({ y, width, format }: { y: LinearScale; width: number; format: (value: number) => string }) {
  return (
    <g aria-hidden="true">
      {y.ticks(4).map((tick) => (
        <g key={tick}>
          <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={GRID} />
          <text x={MARGIN.left - 4} y={y(tick) + 4} textAnchor="end" fill={MUTED}>
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

export function XEnds({ first, last, width, height }: { first: string; last: string; width: number; height: number }) {
  return (
    <g aria-hidden="true" fill={MUTED}>
      <text x={MARGIN.left} y={height - 6}>
        {first}
      </text>
      <text x={width - MARGIN.right} y={height - 6} textAnchor="end">
        {last}
      </text>
    </g>
  );
}

export type LegendItem = { name: string; color: string; dash?: string };

/** Where each of `sizes` starts when laid end to end from `start`. */
export const offsets = (sizes: number[], start = 0): number[] =>
  sizes.map((_, i) => sizes.slice(0, i).reduce((sum, size) => sum + size, start));

export function Legend({ items }: { items: LegendItem[] }) {
  const starts = offsets(
    items.map((item) => 30 + item.name.length * CHART_FONT * 0.56 + 14),
    MARGIN.left,
  );
  return (
    <g aria-hidden="true">
      {items.map((item, i) => {
        const at = starts[i] ?? MARGIN.left;
        return (
          <g key={item.name}>
            <line
              x1={at}
              x2={at + 24}
              y1={12}
              y2={12}
              stroke={item.color}
              strokeWidth={2.5}
              strokeDasharray={item.dash}
            />
            <text x={at + 30} y={16} fill={MUTED}>
              {item.name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

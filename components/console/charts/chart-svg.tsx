import type { ReactNode } from "react";

// Server-rendered SVG, no client script: role="img" named by a title and a description that
// state the numbers, and a viewBox so it scales down to a phone without sideways scrolling.

export const CHART_FONT = 13;
export const INK = "#0f172a";
export const MUTED = "#475569";
export const GRID = "#e2e8f0";

export function ChartSvg({
  id,
  title,
  desc,
  width,
  height,
  children,
}: {
  id: string;
  title: string;
  desc: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      className="block h-auto w-full max-w-lg"
      data-testid={id}
      fontSize={CHART_FONT}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {children}
    </svg>
  );
}

/** A chart's numbers as a table, one click away. */
export function TableDetails({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">{label}</summary>
      <div className="mt-2 max-h-80 overflow-auto">{children}</div>
    </details>
  );
}

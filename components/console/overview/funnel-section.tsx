import { TableHead } from "@/components/console/column-heads";
import type { FunnelPathReport, FunnelReport, FunnelSegment } from "@/lib/console/server/funnel-report";
import { formatCount, formatPercent, SPLIT_LABELS, STEP_LABELS } from "@/lib/console/shared/console-format";
import { FUNNEL_PATH_KEYS, FUNNEL_PATHS, type FunnelPath } from "@/lib/leads/shared/funnel-steps";
import { formatUsd } from "@/lib/shared/money";
import type { OverviewParams } from "@/lib/console/shared/overview-params";
import { HorizontalBars } from "@/components/console/charts/horizontal-bars";
import { SplitForm } from "./range-controls";

const cell = "px-2 py-1.5 text-right tabular-nums";

const PATH_LABELS: Record<FunnelPath, string> = {
  free: "Free-book path (landing /)",
  paid: "$7 path (/paid landings: straight to checkout, no opt-in)",
};
const PATH_SHORT: Record<FunnelPath, string> = { free: "Free", paid: "$7" };

const money = (cents: number | null) => (cents === null ? "—" : formatUsd(Math.round(cents)));

function PathTable({ path }: { path: FunnelPathReport }) {
  return (
    <table className="w-full text-sm" data-testid={`funnel-${path.path}`}>
      <caption className="sr-only">{PATH_LABELS[path.path]}</caption>
      <TableHead
        row="border-b border-slate-200 text-left text-slate-600"
        labels={["Step", "Sessions", "From previous", "Net revenue per session"]}
        first="px-2 py-1.5"
        rest={cell}
      />
      <tbody>
        {path.steps.map((s) => (
          <tr key={s.step} className="border-b border-slate-100" data-step={s.step}>
            <th scope="row" className="px-2 py-1.5 text-left font-medium">
              {STEP_LABELS[s.step]}
            </th>
            <td className={cell} data-testid={`funnel-${path.path}-${s.step}`}>
              {formatCount(s.sessions)}
            </td>
            <td className={cell} data-testid={`conversion-${path.path}-${s.step}`}>
              {formatPercent(s.conversion)}
            </td>
            <td className={cell} data-testid={`revenue-${path.path}-${s.step}`}>
              {money(s.revenuePerSession)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PathBlock({ path }: { path: FunnelPathReport }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold">{PATH_LABELS[path.path]}</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <HorizontalBars
          id={`funnel-chart-${path.path}`}
          title={`Funnel, ${PATH_LABELS[path.path]}: sessions reaching each step`}
          bars={path.steps.map((s) => ({
            label: STEP_LABELS[s.step],
            value: s.sessions,
            valueLabel: `${formatCount(s.sessions)} (${formatPercent(s.conversion)})`,
          }))}
        />
        <PathTable path={path} />
      </div>
    </div>
  );
}

const stepColumns = FUNNEL_PATH_KEYS.flatMap((path) =>
  FUNNEL_PATHS[path].map((step) => `${PATH_SHORT[path]}: ${STEP_LABELS[step]}`),
);

function SegmentTable({ report }: { report: FunnelReport }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Funnel by segment (scrolls sideways)">
      <table className="min-w-full text-sm" data-testid="funnel-segments">
        <caption className="sr-only">Funnel split by {SPLIT_LABELS[report.split]}</caption>
        <TableHead
          row="border-b border-slate-200 text-slate-600"
          labels={[SPLIT_LABELS[report.split], "Sessions", ...stepColumns, "Net revenue"]}
          first="px-2 py-1.5 text-left"
          rest={cell}
        />
        <tbody>
          {report.segments.map((segment) => (
            <tr key={segment.segment} className="border-b border-slate-100" data-segment={segment.segment}>
              <th scope="row" className="px-2 py-1.5 text-left font-medium whitespace-nowrap">
                {segment.segment}
              </th>
              <td className={cell}>{formatCount(segment.sessions)}</td>
              {segment.paths.flatMap((path) =>
                path.steps.map((s) => (
                  <td key={`${path.path}-${s.step}`} className={`${cell} whitespace-nowrap`}>
                    {formatCount(s.sessions)}
                    <span className="block text-xs text-slate-500">{formatPercent(s.conversion)}</span>
                  </td>
                )),
              )}
              <td className={cell}>{money(segment.netRevenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const paidSessions = (s: FunnelSegment) =>
  s.paths.reduce((sum, path) => sum + (path.steps.find((step) => step.step === "paid")?.sessions ?? 0), 0) +
  s.offPath.paid;

function SourceTable({ sources }: { sources: FunnelSegment[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Revenue per source (scrolls sideways)">
      <table className="min-w-full text-sm" data-testid="funnel-sources">
        <caption className="px-2 pb-1 text-left text-sm font-semibold">Net revenue per first-touch utm_source</caption>
        <TableHead
          row="border-b border-slate-200 text-slate-600"
          labels={["utm_source", "Sessions", "Paid sessions", "Net revenue", "Per session"]}
          first="px-2 py-1.5 text-left"
          rest={cell}
        />
        <tbody>
          {sources.map((s) => (
            <tr key={s.segment} className="border-b border-slate-100" data-source={s.segment}>
              <th scope="row" className="px-2 py-1.5 text-left font-medium whitespace-nowrap">
                {s.segment}
              </th>
              <td className={cell}>{formatCount(s.sessions)}</td>
              <td className={cell}>{formatCount(paidSessions(s))}</td>
              <td className={cell} data-testid="net">
                {money(s.netRevenue)}
              </td>
              <td className={cell} data-testid="per-session">
                {money(s.revenuePerSession)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FunnelSection({ report, view }: { report: FunnelReport; view: OverviewParams }) {
  const { total } = report;
  return (
    <section aria-labelledby="funnel-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="funnel-heading" className="text-lg font-semibold">
          Funnel{" "}
          <span className="text-sm font-normal text-slate-600">({formatCount(total.sessions)} sessions started)</span>
        </h2>
        <SplitForm view={view} />
      </div>
      <p className="mt-2 text-sm">
        Net revenue <strong data-testid="funnel-net-revenue">{money(total.netRevenue)}</strong>, per session started{" "}
        <strong data-testid="funnel-revenue-per-session">{money(total.revenuePerSession)}</strong>
      </p>
      <div className="mt-4 space-y-6">
        {total.paths.map((path) => (
          <PathBlock key={path.path} path={path} />
        ))}
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-xs text-slate-600">
        <li>
          A step counts a session only if it passed every earlier step of its path, so no conversion exceeds 100 %.
        </li>
        <li data-testid="funnel-without-landing">
          {formatCount(total.withoutLanding)} sessions had no tracked landing view (they began on a later page) and are
          in neither path.
        </li>
        <li data-testid="funnel-off-path">
          {formatCount(total.offPath.paid)} sessions paid without passing every earlier step (
          {money(total.offPath.netRevenue)} net): in the revenue, not in the steps.
        </li>
        <li>
          Revenue is US dollars, net of every refund to date, of the orders of the sessions started in the range, so it
          can differ from the revenue by order and refund date below.
        </li>
      </ul>
      {report.split !== "none" && (
        <div className="mt-4">
          {report.segments.length ? (
            <SegmentTable report={report} />
          ) : (
            <p className="text-sm text-slate-600">No sessions in this range.</p>
          )}
        </div>
      )}
      {report.sources.length > 0 && (
        <div className="mt-4">
          <SourceTable sources={report.sources} />
        </div>
      )}
    </section>
  );
}

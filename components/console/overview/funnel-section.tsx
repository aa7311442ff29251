import { TableHead } from "@/components/console/column-heads";
import type { FunnelReport, FunnelSegment } from "@/lib/console/server/funnel-report";
import { formatCount, formatPercent, SPLIT_LABELS, STEP_LABELS } from "@/lib/console/shared/console-format";
import { FUNNEL_STEPS } from "@/lib/leads/shared/funnel-steps";
import type { OverviewParams } from "@/lib/console/shared/overview-params";
import { BarChart } from "./bar-chart";
import { SplitForm } from "./range-controls";

const cell = "px-2 py-1.5 text-right tabular-nums";

function TotalTable({ total }: { total: FunnelSegment }) {
  return (
    <table className="w-full text-sm" data-testid="funnel-total">
      <caption className="sr-only">Funnel steps, all sessions</caption>
      <TableHead
        row="border-b border-slate-200 text-left text-slate-600"
        labels={["Step", "Sessions", "From previous"]}
        first="px-2 py-1.5"
        rest={cell}
      />
      <tbody>
        {total.steps.map((s) => (
          <tr key={s.step} className="border-b border-slate-100" data-step={s.step}>
            <th scope="row" className="px-2 py-1.5 text-left font-medium">
              {STEP_LABELS[s.step]}
            </th>
            <td className={cell} data-testid={`funnel-${s.step}`}>
              {formatCount(s.sessions)}
            </td>
            <td className={cell} data-testid={`conversion-${s.step}`}>
              {formatPercent(s.conversion)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SegmentTable({ report }: { report: FunnelReport }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Funnel by segment (scrolls sideways)">
      <table className="min-w-full text-sm" data-testid="funnel-segments">
        <caption className="sr-only">Funnel split by {SPLIT_LABELS[report.split]}</caption>
        <TableHead
          row="border-b border-slate-200 text-slate-600"
          labels={[SPLIT_LABELS[report.split], "Sessions", ...FUNNEL_STEPS.map((step) => STEP_LABELS[step])]}
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
              {segment.steps.map((s) => (
                <td key={s.step} className={`${cell} whitespace-nowrap`}>
                  {formatCount(s.sessions)}
                  <span className="block text-xs text-slate-500">{formatPercent(s.conversion)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FunnelSection({ report, view }: { report: FunnelReport; view: OverviewParams }) {
  return (
    <section aria-labelledby="funnel-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="funnel-heading" className="text-lg font-semibold">
          Funnel{" "}
          <span className="text-sm font-normal text-slate-600">
            ({formatCount(report.total.sessions)} sessions started)
          </span>
        </h2>
        <SplitForm view={view} />
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <BarChart
          id="funnel-chart"
          title="Funnel: sessions reaching each step"
          bars={report.total.steps.map((s) => ({
            label: STEP_LABELS[s.step],
            value: s.sessions,
            valueLabel: `${formatCount(s.sessions)} (${formatPercent(s.conversion)})`,
          }))}
        />
        <TotalTable total={report.total} />
      </div>
      {report.split !== "none" && (
        <div className="mt-4">
          {report.segments.length ? (
            <SegmentTable report={report} />
          ) : (
            <p className="text-sm text-slate-600">No sessions in this range.</p>
          )}
        </div>
      )}
      <p className="mt-3 text-xs text-slate-500">
        Each step counts the sessions that reached it, so the $7 landing can reach checkout without an opt-in and a
        conversion can exceed 100 %.
      </p>
    </section>
  );
}

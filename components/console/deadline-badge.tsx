import { markLabel, type DeadlineMark } from "@/lib/privacy/shared/queue-rules";

const STYLES: Record<DeadlineMark["state"], string> = {
  overdue: "bg-red-100 text-red-800 ring-red-300",
  due_soon: "bg-amber-100 text-amber-900 ring-amber-300",
  on_time: "bg-slate-100 text-slate-700 ring-slate-200",
  closed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

export function DeadlineBadge({ mark }: { mark: DeadlineMark }) {
  return (
    <span
      data-testid="deadline"
      data-state={mark.state}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STYLES[mark.state]}`}
    >
      {markLabel(mark)}
    </span>
  );
}

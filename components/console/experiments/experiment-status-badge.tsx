import { StatusTag } from "../status-tag";
import type { ExperimentStatus } from "@/lib/experiments/server/experiment-record";

const STYLES: Record<ExperimentStatus, string> = {
  draft: "bg-slate-100 text-slate-800",
  running: "bg-emerald-100 text-emerald-900",
  stopped: "bg-slate-200 text-slate-700",
};

export function ExperimentStatusBadge({ status }: { status: ExperimentStatus }) {
  return (
    <StatusTag testId="experiment-status" tone={STYLES[status]}>
      {status}
    </StatusTag>
  );
}

import { refusalReason, type ConsoleAction, type OperatorRole } from "@/lib/operators/shared/permissions";

/** In place of an action the operator's role cannot take, so they see why it is missing. */
export function RefusedNote({ role, action }: { role: OperatorRole; action: ConsoleAction }) {
  return (
    <p data-testid="refused-note" className="text-sm text-slate-600">
      {refusalReason(role, action)}
    </p>
  );
}

import type { DunningState } from "@/lib/billing/server/read-dunning-states";
import type { SubscriptionColumn } from "@/components/console/subscriptions/subscriptions-table";
import { formatMoney } from "@/lib/console/shared/console-format";
import { formatConsoleTime } from "@/lib/console/shared/format-time";

// The subscriptions list's dunning column: where the latest failed-payment schedule stands.

export function dunningColumn(states: Map<string, DunningState>, zone: string): SubscriptionColumn {
  return {
    label: "Dunning",
    testId: "dunning",
    cell: (row) => {
      const state = states.get(row.id);
      if (!state) return <span className="text-slate-500">none</span>;
      if (state.state === "open") {
        return (
          <span>
            open, {formatMoney(state.amountDue, state.currency)} due; next: {state.nextStep ?? "end"}{" "}
            {formatConsoleTime(state.nextStepAt, zone)}
          </span>
        );
      }
      const closed = formatConsoleTime(state.closedAt, zone);
      if (state.state === "recovered") return <span>recovered {closed}</span>;
      return (
        <span>
          ended unpaid {closed}
          {state.accessRevoked ? ", access revoked" : ""}
        </span>
      );
    },
  };
}

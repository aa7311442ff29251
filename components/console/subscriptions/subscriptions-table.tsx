import Link from "next/link";
import type { ReactNode } from "react";
import type { SubscriptionRow } from "@/lib/console/server/subscriptions-list";
import { formatCount, formatMoney } from "@/lib/console/shared/console-format";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { ExclusionTag } from "@/components/console/exclusion-tag";

// The list is a list of columns, so a column from another reader (a dunning state, say) is one
// more entry passed in `extraColumns`, keyed by subscription id.

export type SubscriptionColumn = { label: string; testId: string; cell: (row: SubscriptionRow) => ReactNode };

const cell = "px-3 py-2 align-top";

function baseColumns(zone: string): SubscriptionColumn[] {
  const when = (date: Date | null) => formatConsoleTime(date, zone);
  return [
    {
      label: "Buyer",
      testId: "buyer",
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          {row.prospectId ? (
            <Link href={`/admin/leads/${row.prospectId}`} className="text-blue-700 underline">
              {row.email}
            </Link>
          ) : (
            row.email
          )}
          <ExclusionTag kind={row.excludedAs} />
        </span>
      ),
    },
    {
      label: "Product",
      testId: "product",
      cell: (row) => (
        <Link href={`/admin/orders/${row.orderId}`} className="text-blue-700 underline">
          {row.productName}
        </Link>
      ),
    },
    { label: "Seats", testId: "seats", cell: (row) => formatCount(row.seats) },
    { label: "Status", testId: "status", cell: (row) => row.status.replace("_", " ") },
    { label: "Period ends", testId: "period-end", cell: (row) => when(row.currentPeriodEnd) },
    {
      label: "Cancels at period end",
      testId: "cancel-at-period-end",
      cell: (row) => (row.status === "canceled" ? `ended ${when(row.endedAt)}` : row.cancelAtPeriodEnd ? "yes" : "no"),
    },
    { label: "Monthly", testId: "monthly", cell: (row) => formatMoney(row.monthlyAmount, row.currency) },
    {
      label: "Failed payments",
      testId: "failed-payments",
      cell: (row) =>
        row.failedPayments === 0 ? (
          "none"
        ) : (
          <>
            {formatCount(row.failedPayments)}, last {when(row.lastFailedAt)}
            <span className="block text-xs text-slate-600">due now {formatMoney(row.amountDue, row.currency)}</span>
          </>
        ),
    },
  ];
}

export function SubscriptionsTable({
  rows,
  zone,
  extraColumns = [],
}: {
  rows: SubscriptionRow[];
  zone: string;
  extraColumns?: SubscriptionColumn[];
}) {
  const columns = [...baseColumns(zone), ...extraColumns];
  return (
    <div
      className="overflow-x-auto rounded border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="Subscriptions (scrolls sideways)"
    >
      <table className="w-full min-w-[56rem] text-left text-sm" data-testid="subscriptions-table">
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.testId} scope="col" className="px-3 py-2">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-slate-100"
              data-testid="subscription-row"
              data-status={row.status}
            >
              {columns.map((column) => (
                <td key={column.testId} className={cell} data-testid={column.testId}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import "server-only";
import { countedOrderSql } from "@/lib/shared/excluded-rows";

// The revenue and renewal-recovery reports count renewal invoices of counted orders the same way:
// each total is a count and a sum of amounts, over the invoices its condition picks in the range.

/** The report's range: $1 inclusive, $2 exclusive. */
export const inRange = (column: string): string => `${column} >= $1 AND ${column} < $2`;

/** `count` and `amount` name the two columns; the amount is cents as bigint, which pg returns as text. */
export type InvoiceTotal = { count: string; amount: string; when: string };

export function renewalInvoiceTotalsSql(input: {
  /** Selected and grouped by. */
  keys: string[];
  /** More selected aggregates. */
  also?: string[];
  /** The invoices any total may count. */
  where: string;
  totals: InvoiceTotal[];
}): string {
  const totals = input.totals.flatMap((t) => [
    `count(*) FILTER (WHERE ${t.when})::int AS ${t.count}`,
    `COALESCE(sum(si.amount) FILTER (WHERE ${t.when}), 0)::bigint AS ${t.amount}`,
  ]);
  return `SELECT ${[...input.keys, ...(input.also ?? []), ...totals].join(", ")}
      FROM subscription_invoices si
      JOIN subscriptions s ON s.id = si.subscription_id
      JOIN orders o ON o.id = s.order_id
     WHERE (${input.where}) AND ${countedOrderSql("o")}
     GROUP BY ${input.keys.join(", ")}`;
}

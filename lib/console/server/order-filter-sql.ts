import "server-only";
import { orderView, PAID_STATUSES, type OrderFilters } from "@/lib/console/shared/order-filters";
import { isUuid } from "@/lib/shared/uuid";
import { flaggedViewSql } from "@/lib/shared/excluded-rows";

// Shared by the order list, its totals and the CSV export, so the three always hold the same
// orders. Values only ever travel as parameters; the table is `o`.

export type FilterSql = { conditions: string[]; params: unknown[] };

export const whereOf = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(" AND ")}` : "");

/** The user's own % _ \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function orderFilterSql(filters: OrderFilters, params: unknown[] = []): FilterSql {
  const flagged = flaggedViewSql(filters.flagged, "o");
  const where: string[] = flagged ? [flagged] : [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const view = orderView(filters);
  if (view === "paid") where.push(`o.status IN (${PAID_STATUSES.map((s) => `'${s}'`).join(", ")})`);
  else if (view !== "all") where.push(`o.status = ${param(view)}::order_status`);
  if (filters.product) where.push(`o.product_id = ${param(filters.product)}`);
  if (filters.refunded) where.push("EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)");
  if (filters.disputed) where.push("EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = o.id)");
  if (filters.q) {
    // Both columns carry a trigram index; a whole order id is found by its key.
    const p = param(containsPattern(filters.q));
    const byId = isUuid(filters.q) ? ` OR o.id = ${param(filters.q.toLowerCase())}::uuid` : "";
    where.push(`(o.email ILIKE ${p} OR o.name ILIKE ${p}${byId})`);
  }
  return { conditions: where, params };
}

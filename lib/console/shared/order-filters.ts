import { z } from "zod";
import { FLAGGED_VIEWS } from "@/lib/shared/excluded-rows";

// Unparsable values are dropped, not refused: a hand-edited URL shows the default list. With no
// status the list shows paid orders (refunded ones included): unpaid checkouts are one filter away.

export const ORDER_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REFUNDED", "CANCELED"] as const;
/** The status choices of the filter: paid (the default), every order, or one stored status. */
export const ORDER_VIEWS = ["paid", "all", ...ORDER_STATUSES] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const PAID_STATUSES = ["SUCCEEDED", "REFUNDED"] as const;

const cursorPattern = /^[0-9a-z]{1,9}\.[0-9a-fA-F-]{1,36}$/;

const product = z.string().regex(/^[a-z0-9-]{1,64}$/);
/** Part of the buyer's e-mail or name, or a whole order id; trigram indexes need 3 characters. */
const search = z.string().trim().min(3, { message: "search for at least 3 characters" }).max(200);

export const orderFiltersSchema = z.object({
  status: z.enum(ORDER_VIEWS).optional().catch(undefined),
  product: product.optional().catch(undefined),
  refunded: z.literal("yes").optional().catch(undefined),
  disputed: z.literal("yes").optional().catch(undefined),
  q: search.optional().catch(undefined),
  /** Orders flagged as test or spam: left out unless "include" or "only". */
  flagged: z.enum(FLAGGED_VIEWS).optional().catch(undefined),
  after: z.string().regex(cursorPattern).optional().catch(undefined),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** The CSV export's query: an API, so what it cannot read is a 400, not a different file. */
export const orderExportSchema = z.strictObject({
  status: z.enum(ORDER_VIEWS).optional(),
  product: product.optional(),
  refunded: z.literal("yes").optional(),
  disputed: z.literal("yes").optional(),
  q: search.optional(),
  flagged: z.enum(FLAGGED_VIEWS).optional(),
});

export function parseOrderFilters(params: Record<string, string | string[] | undefined>): OrderFilters {
  const flat = Object.fromEntries(
    Object.entries(params).flatMap(([k, v]) => (typeof v === "string" && v !== "" ? [[k, v]] : [])),
  );
  return orderFiltersSchema.parse(flat);
}

export const orderView = (filters: OrderFilters): OrderView => filters.status ?? "paid";

const FILTER_KEYS = ["status", "product", "refunded", "disputed", "q", "flagged"] as const;

function filterParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value && !(key === "status" && value === "paid")) params.set(key, value);
  }
  return params;
}

export function ordersHref(filters: OrderFilters, after?: string): string {
  const params = filterParams(filters);
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}

/** The CSV of exactly what the list shows, every page of it. */
export function ordersExportHref(filters: OrderFilters): string {
  const query = filterParams(filters).toString();
  return query ? `/api/admin/orders/export?${query}` : "/api/admin/orders/export";
}

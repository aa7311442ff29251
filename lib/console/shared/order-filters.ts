import { z } from "zod";

// Unparsable values are dropped, not refused: a hand-edited URL shows the unfiltered list.

export const ORDER_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REFUNDED", "CANCELED"] as const;

const cursorPattern = /^[0-9a-z]{1,9}\.[0-9a-fA-F-]{1,36}$/;

export const orderFiltersSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  product: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional()
    .catch(undefined),
  refunded: z.literal("yes").optional().catch(undefined),
  disputed: z.literal("yes").optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  after: z.string().regex(cursorPattern).optional().catch(undefined),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

export function parseOrderFilters(params: Record<string, string | string[] | undefined>): OrderFilters {
  const flat = Object.fromEntries(
    Object.entries(params).flatMap(([k, v]) => (typeof v === "string" && v !== "" ? [[k, v]] : [])),
  );
  return orderFiltersSchema.parse(flat);
}

export function ordersHref(filters: OrderFilters, after?: string): string {
  const params = new URLSearchParams();
  for (const key of ["status", "product", "refunded", "disputed", "q"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}

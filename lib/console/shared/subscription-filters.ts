import { z } from "zod";
import { FLAGGED_VIEWS } from "@/lib/shared/excluded-rows";

// The subscriptions list's filters. Unparsable values are dropped, not refused, as on the orders
// list: a hand-edited address shows the default list.

/** The statuses the providers report (Stripe's names; the demo gateway uses the same). */
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "unpaid", "canceled", "incomplete", "trialing"] as const;

const cursorPattern = /^[0-9a-z]{1,9}\.[0-9a-fA-F-]{1,36}$/;

export const subscriptionFiltersSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).optional().catch(undefined),
  /** Subscriptions whose order is flagged as test or spam: left out unless "include" or "only". */
  flagged: z.enum(FLAGGED_VIEWS).optional().catch(undefined),
  after: z.string().regex(cursorPattern).optional().catch(undefined),
});
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

export function parseSubscriptionFilters(params: Record<string, string | string[] | undefined>): SubscriptionFilters {
  const flat = Object.fromEntries(
    Object.entries(params).flatMap(([k, v]) => (typeof v === "string" && v !== "" ? [[k, v]] : [])),
  );
  return subscriptionFiltersSchema.parse(flat);
}

export function subscriptionsHref(filters: SubscriptionFilters, after?: string): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.flagged) params.set("flagged", filters.flagged);
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `/admin/subscriptions?${query}` : "/admin/subscriptions";
}

import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { gatewayMode } from "@/lib/payments/server/select-gateway";

// Which card form a subscription's page shows: the demo card fields, Stripe's Payment Element (only
// while this server talks to Stripe, whose publishable key the page needs), or none once it has ended.

export type CardForm = { stripeKey: string | null };

export function cardFormFor(gateway: string, status: string): CardForm | null {
  if (status !== "active" && status !== "past_due") return null;
  if (gateway === "demo") return { stripeKey: null };
  const key = getConfig().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  return gateway === "stripe" && gatewayMode() === "stripe" && key ? { stripeKey: key } : null;
}

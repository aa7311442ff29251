import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import type { Order } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/platform/shared/api-error";
import { demoGateway } from "@/lib/payments/server/demo-gateway";
import type { PaymentGateway } from "@/lib/payments/server/gateway";
import { stripeGateway } from "@/lib/payments/server/stripe-gateway";

// A production server refuses the demo gateway unless ALLOW_DEMO_PAYMENTS=true, so a missing key
// cannot silently turn a live funnel into a free one (docs/decisions/0007).

export type GatewayMode = "stripe" | "demo";

export function gatewayMode(): GatewayMode {
  return getConfig().STRIPE_SECRET_KEY ? "stripe" : "demo";
}

export function demoPaymentsRefused(): boolean {
  const config = getConfig();
  return gatewayMode() === "demo" && config.NODE_ENV === "production" && !config.ALLOW_DEMO_PAYMENTS;
}

export function assertGatewayAvailable(): void {
  if (demoPaymentsRefused()) {
    throw new ApiError("payments_unavailable");
  }
}

export function getGateway(): PaymentGateway {
  assertGatewayAvailable();
  return gatewayMode() === "stripe" ? stripeGateway : demoGateway;
}

/** Never the secret key. */
export function checkoutGatewayProps(): { mode: GatewayMode; publishableKey: string | null; refused: boolean } {
  const mode = gatewayMode();
  return {
    mode,
    publishableKey: mode === "stripe" ? (getConfig().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null) : null,
    refused: demoPaymentsRefused(),
  };
}

/** Not necessarily today's configured one. */
export function gatewayOf(order: Pick<Order, "gateway">): PaymentGateway {
  return order.gateway === "stripe" ? stripeGateway : demoGateway;
}

import type { Metadata } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { PaymentProcessingView } from "@/components/checkout/payment-processing-view";
import { checkoutGatewayProps } from "@/lib/payments/server/select-gateway";

// /payment-processing?payment_intent=…&payment_intent_client_secret=…[&subscription_id=…] (spec §2).

export const metadata: Metadata = { title: "Processing payment", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : null);

export default async function PaymentProcessingPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const gateway = checkoutGatewayProps();
  return (
    <CheckoutShell title="Payment">
      <PaymentProcessingView
        mode={gateway.mode}
        publishableKey={gateway.publishableKey}
        clientSecret={one(params.payment_intent_client_secret)}
        paymentIntentId={one(params.payment_intent)}
        subscriptionId={one(params.subscription_id)}
      />
    </CheckoutShell>
  );
}

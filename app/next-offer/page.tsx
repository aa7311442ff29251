import type { Metadata } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { NextOfferView } from "@/components/checkout/next-offer-view";
import { checkoutGatewayProps } from "@/lib/payments/server/select-gateway";

// Between a paid first order and the success page: the offers that follow it, one at a time.

export const metadata: Metadata = { title: "One more thing", robots: { index: false } };
export const dynamic = "force-dynamic";

export default function NextOfferPage() {
  const gateway = checkoutGatewayProps();
  return (
    <CheckoutShell title="Your order is paid">
      <NextOfferView mode={gateway.mode} publishableKey={gateway.publishableKey} />
    </CheckoutShell>
  );
}

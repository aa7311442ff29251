import type { Metadata } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { PaymentProcessingView } from "@/components/checkout/payment-processing-view";
import { parseReturnParams } from "@/lib/payments/shared/return-params";

// The server finds the subscription from the intent, so subscription_id is not needed.

export const metadata: Metadata = { title: "Processing payment", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : null);

export default async function PaymentProcessingPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const link = parseReturnParams({
    paymentIntentId: one(params.payment_intent),
    clientSecret: one(params.payment_intent_client_secret),
  });
  return (
    <CheckoutShell title="Payment">
      <PaymentProcessingView link={link} />
    </CheckoutShell>
  );
}

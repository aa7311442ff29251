import type { Metadata } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { PaymentSuccessView } from "@/components/checkout/payment-success-view";
import { contractSetupBases } from "@/lib/payments/server/contract-setup-bases";

export const metadata: Metadata = { title: "Payment Successful", robots: { index: false } };
export const dynamic = "force-dynamic";

export default function PaymentSuccessPage() {
  return (
    <CheckoutShell title="Thank you!">
      <PaymentSuccessView variant="success" bases={contractSetupBases()} />
    </CheckoutShell>
  );
}

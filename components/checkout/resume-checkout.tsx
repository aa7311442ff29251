"use client";

import { CheckoutAlert } from "@/components/checkout/checkout-alert";
import { useState } from "react";
import { CardPayment, type GatewayProps } from "@/components/checkout/card-payment";
import { discountOf, OrderSummary, type BumpLine, type ProductSummary } from "@/components/checkout/order-summary";
import { usePaymentOutcome } from "@/components/checkout/use-payment-outcome";
import type { StoredIntent } from "@/lib/payments/client/client-state";
import { trackCheckoutStart } from "@/lib/payments/client/checkout-start";

// Nothing is chosen again; a different choice is a new checkout.

type Props = GatewayProps & {
  intent: StoredIntent;
  email: string;
  product: ProductSummary;
  bumps: BumpLine[];
};

export function ResumeCheckout({ intent, email, product, bumps, mode, publishableKey }: Props) {
  const [error, setError] = useState<string | null>(null);
  // This browser may not be the one that created the order.
  const onOutcome = usePaymentOutcome("/payment-success", { proveWithSecret: true });
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="lg:col-start-2 lg:row-start-1">
        <OrderSummary product={product} quantity={intent.quantity} bumps={bumps} discount={discountOf(intent)} />
      </div>
      <div className="space-y-5 lg:col-start-1 lg:row-start-1">
        <p className="text-slate-700">
          Welcome back! Your order is saved. The receipt and your login go to{" "}
          <strong data-testid="resume-email">{email}</strong>.
        </p>
        <CheckoutAlert text={error} />
        <CardPayment
          mode={mode}
          publishableKey={publishableKey}
          clientSecret={intent.clientSecret}
          submitLabel="Complete Purchase"
          canSubmit={() => true}
          onSubmitStart={() =>
            trackCheckoutStart({
              productId: product.id,
              quantity: intent.quantity,
              transactionId: intent.transactionId,
            })
          }
          onResult={(outcome) => onOutcome(outcome, intent, setError)}
        />
      </div>
    </div>
  );
}

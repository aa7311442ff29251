"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { GatewayProps } from "@/components/checkout/card-payment";
import { ReturnToCheckout } from "@/components/checkout/checkout-shell";
import { getStripeJs } from "@/components/checkout/stripe-loader";
import { demoIntentStatus } from "@/lib/payments/client/client-api";
import {
  LATEST_INTENT_KEY,
  readJson,
  storedIntentSchema,
  SUCCESS_STATE_KEY,
  writeJson,
  type SuccessState,
} from "@/lib/payments/client/client-state";
import { statusMessage } from "@/lib/payments/shared/payment-errors";
import { trackAction } from "@/lib/tracking/client/track-action";

// /payment-processing (spec §2, §4): where Stripe returns after a redirect-based confirmation.
// Reads the intent's status; succeeded → /payment-success with isProcessing true, anything else →
// "Payment {status}. Please try again." with the provider's status verbatim.

type Props = GatewayProps & {
  clientSecret: string | null;
  paymentIntentId: string | null;
  subscriptionId: string | null;
};

async function retrieveStatus(props: Props & { clientSecret: string }): Promise<{ id: string; status: string } | null> {
  if (props.mode === "stripe" && props.publishableKey) {
    const stripe = await getStripeJs(props.publishableKey);
    const result = await stripe?.retrievePaymentIntent(props.clientSecret);
    return result?.paymentIntent ? { id: result.paymentIntent.id, status: result.paymentIntent.status } : null;
  }
  return demoIntentStatus(props.clientSecret);
}

export function PaymentProcessingView(props: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(props.clientSecret ? null : "Payment information not found");

  useEffect(() => {
    const { clientSecret } = props;
    if (!clientSecret) return;
    let cancelled = false;
    retrieveStatus({ ...props, clientSecret })
      .then((intent) => {
        if (cancelled) return;
        if (!intent) return setMessage("Payment information not found");
        if (intent.status !== "succeeded") return setMessage(statusMessage(intent.status));
        const latest = readJson(LATEST_INTENT_KEY, storedIntentSchema);
        const ours = latest && latest.paymentIntentId === intent.id ? latest : null;
        if (!ours) return setMessage("Payment information not found");
        trackAction("payment_complete", {
          productId: ours.productId,
          quantity: ours.quantity,
          transactionId: ours.transactionId,
          amount: ours.amount,
        });
        const state: SuccessState = {
          paymentIntentId: intent.id,
          subscriptionId: props.subscriptionId ?? ours.subscriptionId,
          contactId: ours.contactId,
          transactionId: ours.transactionId,
          isProcessing: true,
        };
        writeJson(SUCCESS_STATE_KEY, state);
        // Spec §4: succeeded → /payment-success, for subscriptions too. That page needs contactId
        // and transactionId (§5), which the stored intent always carries; the subscription and
        // intent ids ride along so the server can check they name the same order.
        router.replace("/payment-success");
      })
      .catch(() => !cancelled && setMessage("Failed to process payment"));
    return () => {
      cancelled = true;
    };
    // The query is fixed for this page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!message) {
    return (
      <div role="status" className="rounded-2xl border border-slate-200 p-8 text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-4 size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand"
        />
        <p className="text-lg font-semibold">Processing your payment…</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-red-900">
      <h2 className="text-xl font-bold">Payment Failed</h2>
      <p className="mt-2">{message}</p>
      <ReturnToCheckout />
    </div>
  );
}

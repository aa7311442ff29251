"use client";

import { CheckoutAlert } from "@/components/checkout/checkout-alert";
import { useEffect, useState } from "react";
import { CardPayment, type GatewayProps } from "@/components/checkout/card-payment";
import { OfferConsent } from "@/components/checkout/offer-consent";
import { OrderSummary, type ProductSummary } from "@/components/checkout/order-summary";
import { QuantityField } from "@/components/checkout/quantity-field";
import { BoundTextField, EmailField } from "@/components/ui/text-field";
import { hasIntentIds, InitializingPaymentForm, useCheckoutIntent } from "@/components/checkout/use-checkout-intent";
import { usePaymentOutcome } from "@/components/checkout/use-payment-outcome";
import { useToast } from "@/components/ui/toast";
import {
  PENDING_INTENT_KEY,
  pendingIntentSchema,
  pollPendingIntent,
  readJson,
  removeKey,
  type StoredIntent,
} from "@/lib/payments/client/client-state";
import { contactKey } from "@/lib/leads/shared/contact-rules";
import { isValidEmail } from "@/lib/leads/shared/contact-schema";
import { trackCheckoutStart } from "@/lib/payments/client/checkout-start";

// The quantity is bounded by the catalog (docs/product.md#checkout); until a client secret exists
// the page says "Initializing payment form".

type Props = GatewayProps & {
  product: ProductSummary;
  upsell: ProductSummary | null;
  prefill: { name: string; email: string };
};

export function SimpleCheckout({ product, upsell, prefill, mode, publishableKey }: Props) {
  const toast = useToast();
  const [email, setEmail] = useState(prefill.email);
  const [name, setName] = useState(prefill.name);
  const [quantity, setQuantity] = useState(1);
  const [intent, setIntent] = useState<StoredIntent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pendingChecked, setPendingChecked] = useState(false);
  const onOutcome = usePaymentOutcome("/payment-success");
  // The server's own e-mail rule: a half-typed address would create the order with it.
  const ready = isValidEmail(email) && name.trim().length > 0;

  // The server moves the unpaid order to a corrected e-mail or name.
  const { markSent } = useCheckoutIntent({
    enabled: pendingChecked && ready,
    requestKey: contactKey(quantity, email, name),
    buildRequest: () => ({ email, name, productId: product.id, quantity, ...(upsell ? { includeUpsell: true } : {}) }),
    onCreated: setIntent,
    toast,
    setError,
  });

  // An offer page may have started creating this intent before navigating here.
  useEffect(() => {
    let cancelled = false;
    const pending = readJson(PENDING_INTENT_KEY, pendingIntentSchema);
    const poll =
      pending && pending.productId === product.id
        ? pollPendingIntent((stored) => stored.productId === product.id)
        : Promise.resolve({ kind: "none" } as const);
    void poll.then((outcome) => {
      if (cancelled) return;
      removeKey(PENDING_INTENT_KEY);
      if (outcome.kind === "intent") {
        markSent(contactKey(outcome.intent.quantity, prefill.email, prefill.name));
        setQuantity(outcome.intent.quantity);
        setIntent(outcome.intent);
      }
      setPendingChecked(true);
    });
    return () => {
      cancelled = true;
    };
  }, [product.id, prefill.email, prefill.name, markSent]);

  const current = intent && intent.quantity === quantity ? intent : null;

  function canSubmit(): boolean {
    if (!email.trim() || !name.trim()) {
      toast({ title: "Please fill in both your name and email.", variant: "error" });
      return false;
    }
    return hasIntentIds(current, toast);
  }

  return (
    // Reading order puts the summary before the pay button on a phone.
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="lg:col-start-2 lg:row-start-1">
        <OrderSummary product={product} quantity={quantity} upsell={upsell} />
      </div>
      <div className="space-y-5 lg:col-start-1 lg:row-start-1">
        <EmailField value={email} onValue={setEmail} />
        <BoundTextField label="Full name" autoComplete="name" value={name} onValue={setName} />
        <QuantityField
          kind={product.quantityKind}
          value={quantity}
          min={product.minQuantity}
          max={product.maxQuantity}
          onChange={setQuantity}
        />
        <CheckoutAlert text={error} />
        {current ? (
          <>
            <CardPayment
              key={current.clientSecret}
              mode={mode}
              publishableKey={publishableKey}
              clientSecret={current.clientSecret}
              submitLabel="Complete Purchase"
              canSubmit={canSubmit}
              onSubmitStart={() =>
                trackCheckoutStart({
                  productId: product.id,
                  quantity,
                  transactionId: current.transactionId,
                })
              }
              onResult={(outcome) => onOutcome(outcome, current, setError)}
            />
            {current.offerFollows ? <OfferConsent /> : null}
          </>
        ) : (
          <InitializingPaymentForm hint={ready ? null : "Enter your email and full name to continue."} />
        )}
      </div>
    </div>
  );
}

"use client";

import { CheckoutAlert } from "@/components/checkout/checkout-alert";
import { useEffect, useState } from "react";
import { CardPayment, type GatewayProps } from "@/components/checkout/card-payment";
import { OrderBumps } from "@/components/checkout/order-bumps";
import { discountOf, OrderSummary, type ProductSummary } from "@/components/checkout/order-summary";
import { OfferConsent } from "@/components/checkout/offer-consent";
import { QuantityField } from "@/components/checkout/quantity-field";
import { CouponField, useCoupon } from "@/components/checkout/coupon-field";
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
import type { BumpOffer } from "@/lib/payments/shared/product-summary";
import type { PaymentChoice } from "@/lib/payments/shared/payment-plan";
import { PaymentChoiceField, type PlanOffer } from "@/components/checkout/payment-choice";

// The quantity is bounded by the catalog (docs/product.md#checkout); until a client secret exists
// the page says "Initializing payment form". A ticked bump is another order, so another intent.

type Props = GatewayProps & {
  product: ProductSummary;
  bumps: BumpOffer[];
  /** Ticked when the page opens (the add-to-order offer was accepted). */
  initialBumps: string[];
  prefill: { name: string; email: string };
  /** A console preview of a price or bump test: the server checks its signature and prices by it. */
  experimentPreview?: string;
  /** The price's payment plan, offered beside paying in full; null: none. */
  plan?: PlanOffer | null;
};

export function SimpleCheckout({
  product,
  bumps,
  initialBumps,
  prefill,
  mode,
  publishableKey,
  experimentPreview,
  plan = null,
}: Props) {
  const toast = useToast();
  const [email, setEmail] = useState(prefill.email);
  const [name, setName] = useState(prefill.name);
  const [quantity, setQuantity] = useState(1);
  const [bumpsChosen, setChosen] = useState(initialBumps);
  const [payment, setPayment] = useState<PaymentChoice>("full");
  // A plan is the product alone: bumps and coupons are for paying in full.
  const byPlan = plan !== null && payment === "plan";
  const chosen = byPlan ? [] : bumpsChosen;
  // The intent with the bumps it was created for: an answer may arrive after another tick.
  const [intent, setIntent] = useState<{ stored: StoredIntent; bumps: string; payment: PaymentChoice } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pendingChecked, setPendingChecked] = useState(false);
  // The applied code, and one the buyer is trying: the intent is created again with it.
  const coupon = useCoupon();
  const couponCode = byPlan ? null : coupon.code;
  const onOutcome = usePaymentOutcome("/payment-success");
  // The server's own e-mail rule: a half-typed address would create the order with it.
  const ready = isValidEmail(email) && name.trim().length > 0;

  // The server moves the unpaid order to a corrected e-mail or name.
  const { markSent } = useCheckoutIntent({
    enabled: pendingChecked && ready,
    requestKey: `${contactKey(quantity, email, name)}|${chosen.join(",")}|${couponCode ?? ""}|${payment}`,
    buildRequest: () => ({
      email,
      name,
      productId: product.id,
      quantity,
      ...(byPlan ? { payment: "plan" as const } : { bumps: chosen }),
      ...(couponCode ? { couponCode } : {}),
      ...(experimentPreview ? { experimentPreview } : {}),
    }),
    onCreated: (stored, request) => {
      coupon.accepted(stored.couponCode);
      setIntent({ stored, bumps: (request.bumps ?? []).join(","), payment: request.payment ?? "full" });
    },
    // A code refused later (used up while the quantity changed) is dropped too, so checkout goes on.
    onCouponRefused: (message) => coupon.refused(message),
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
        markSent(`${contactKey(outcome.intent.quantity, prefill.email, prefill.name)}|${initialBumps.join(",")}|`);
        setQuantity(outcome.intent.quantity);
        setIntent({ stored: outcome.intent, bumps: initialBumps.join(","), payment: "full" });
      }
      setPendingChecked(true);
    });
    return () => {
      cancelled = true;
    };
  }, [product.id, prefill.email, prefill.name, initialBumps, markSent]);

  const current =
    intent &&
    intent.stored.quantity === quantity &&
    intent.bumps === chosen.join(",") &&
    intent.payment === (byPlan ? "plan" : "full") &&
    (intent.stored.couponCode ?? null) === coupon.applied
      ? intent.stored
      : null;
  const lines = bumps.filter((bump) => chosen.includes(bump.id));

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
        <OrderSummary
          product={byPlan ? { ...product, unitAmount: plan.amount, regularAmount: null, interval: "month" } : product}
          quantity={quantity}
          bumps={lines}
          discount={discountOf(current)}
        />
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
        {plan ? (
          <PaymentChoiceField unitAmount={product.unitAmount} plan={plan} value={payment} onChange={setPayment} />
        ) : null}
        {byPlan ? null : (
          <>
            <OrderBumps offers={bumps} chosen={chosen} onChange={setChosen} />
            <CouponField {...coupon.field} />
          </>
        )}
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

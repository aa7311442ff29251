"use client";

import { CheckoutAlert } from "@/components/checkout/checkout-alert";
import { useEffect, useId, useRef, useState } from "react";
import { CardPayment, type GatewayProps } from "@/components/checkout/card-payment";
import { LegalModal } from "@/components/checkout/legal-modal";
import { discountOf, OrderSummary, type ProductSummary } from "@/components/checkout/order-summary";
import { CouponField, useCoupon } from "@/components/checkout/coupon-field";
import { SeatStepper } from "@/components/checkout/seat-stepper";
import { BoundTextField, EmailField } from "@/components/ui/text-field";
import { hasIntentIds, InitializingPaymentForm, useCheckoutIntent } from "@/components/checkout/use-checkout-intent";
import { usePaymentOutcome } from "@/components/checkout/use-payment-outcome";
import { useToast } from "@/components/ui/toast";
import { updateSubscriptionRequest } from "@/lib/payments/client/client-api";
import {
  LATEST_INTENT_ERROR_KEY,
  LATEST_INTENT_KEY,
  removeKey,
  writeJson,
  type StoredIntent,
} from "@/lib/payments/client/client-state";
import { contactKey } from "@/lib/leads/shared/contact-rules";
import { isValidEmail } from "@/lib/leads/shared/contact-schema";
import {
  SEATS_UPDATING,
  subscriptionUpdated,
  TERMS_REQUIRED,
  UPDATE_FAILED,
} from "@/lib/payments/shared/payment-errors";
import { clampSeats, createSeatScheduler, type SeatScheduler } from "@/lib/payments/shared/seat-debounce";
import { trackCheckoutStart } from "@/lib/payments/client/checkout-start";
import { RequestFailedError } from "@/lib/platform/client/client-post";

// Seats 1–50 as a monthly subscription (docs/product.md#checkout). The subscription follows the
// stepper through lib/payments/shared/seat-debounce.ts.

type Props = GatewayProps & {
  product: ProductSummary;
  initialSeats: number;
  prefill: { firstName: string; lastName: string; email: string };
  legalModal: boolean;
  providerName: string;
};

export function TeamCheckout({
  product,
  initialSeats,
  prefill,
  legalModal,
  providerName,
  mode,
  publishableKey,
}: Props) {
  const toast = useToast();
  const seatsLabelId = useId();
  const [seats, setSeats] = useState(initialSeats);
  const [firstName, setFirstName] = useState(prefill.firstName);
  const [lastName, setLastName] = useState(prefill.lastName);
  const [email, setEmail] = useState(prefill.email);
  const [terms, setTerms] = useState(false);
  const [intent, setIntent] = useState<StoredIntent | null>(null);
  const [updating, setUpdating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [legalTab, setLegalTab] = useState<"terms" | "privacy" | null>(null);
  // As on the simple checkout: a code being tried makes a new order (and subscription) with it.
  const coupon = useCoupon();
  const couponCode = coupon.code;
  const intentRef = useRef<StoredIntent | null>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const seatsRef = useRef(seats);
  const schedulerRef = useRef<SeatScheduler | null>(null);
  const onOutcome = usePaymentOutcome(legalModal ? "/payment-success-metadata" : "/payment-success");
  const fullName = `${firstName.trim()} ${lastName.trim()}`;
  // The server's own e-mail rule: a half-typed address would create the order with it.
  const ready = firstName.trim() !== "" && lastName.trim() !== "" && isValidEmail(email);

  const adopt = (next: StoredIntent) => {
    intentRef.current = next;
    writeJson(LATEST_INTENT_KEY, next);
    removeKey(LATEST_INTENT_ERROR_KEY);
    setIntent(next);
  };

  useEffect(() => {
    const scheduler = createSeatScheduler({
      initial: initialSeats,
      send: async (quantity) => {
        const current = intentRef.current;
        if (!current?.subscriptionId) return false;
        setUpdating(true);
        try {
          const updated = await updateSubscriptionRequest({ subscriptionId: current.subscriptionId, quantity });
          // The server's amount and discount: the order keeps its coupon and its own seat price.
          adopt({
            ...current,
            subscriptionId: updated.subscriptionId,
            clientSecret: updated.clientSecret,
            paymentIntentId: updated.paymentIntentId,
            quantity: updated.quantity,
            amount: updated.amount,
            discountAmount: updated.discountAmount,
            couponCode: updated.couponCode,
          });
          toast({ ...subscriptionUpdated(updated.quantity), variant: "success" });
          setError(null);
          return true;
        } catch (failure) {
          seatsRef.current = current.quantity;
          setSeats(current.quantity);
          toast({ ...UPDATE_FAILED, variant: "error" });
          // A count the coupon cannot cover says why, beside the code.
          if (failure instanceof RequestFailedError && failure.code === "coupon_invalid") {
            setError(failure.message);
          } else {
            setError("Failed to update team size. Please try again.");
          }
          return false;
        } finally {
          setUpdating(false);
        }
      },
    });
    schedulerRef.current = scheduler;
    return () => scheduler.dispose();
  }, [initialSeats, toast]);

  // Seats are not part of the key; a contact correction is not sent while a seat update runs,
  // which would race it for the subscription.
  useCheckoutIntent({
    enabled: ready && !updating,
    requestKey: `${contactKey(0, email, fullName)}|${couponCode ?? ""}`,
    buildRequest: () => ({
      email,
      name: fullName,
      productId: product.id,
      quantity: intentRef.current?.quantity ?? seatsRef.current,
      ...(couponCode ? { couponCode } : {}),
    }),
    onCreated: (created) => {
      coupon.accepted(created.couponCode);
      adopt(created);
      schedulerRef.current?.reset(created.quantity);
      if (seatsRef.current !== created.quantity) schedulerRef.current?.change(seatsRef.current);
    },
    // A code refused later (a seat count it cannot cover) is dropped too, so checkout goes on.
    onCouponRefused: (message) => coupon.refused(message),
    toast,
    setError,
  });

  function changeSeats(next: number) {
    const value = clampSeats(next, product.minQuantity, product.maxQuantity);
    seatsRef.current = value;
    setSeats(value);
    if (intentRef.current) schedulerRef.current?.change(value);
  }

  // An intent for another code (one just removed) is not paid while its replacement is made.
  const current = intent && (intent.couponCode ?? null) === coupon.applied ? intent : null;

  // The pay button only looks disabled until the terms are accepted, so the buyer is told why.
  function canSubmit(): boolean {
    if (!terms) {
      toast({ ...TERMS_REQUIRED, variant: "error" });
      setError(`${TERMS_REQUIRED.title} - ${TERMS_REQUIRED.description}`);
      termsRef.current?.focus();
      return false;
    }
    if (updating || (current && seats !== current.quantity)) {
      toast({ ...SEATS_UPDATING, variant: "info" });
      return false;
    }
    if (!firstName.trim() || !lastName.trim() || !email.trim()) {
      toast({ title: "Please fill in your first name, last name and email.", variant: "error" });
      return false;
    }
    return hasIntentIds(current, toast);
  }

  const termsLink = (tab: "terms" | "privacy", label: string) =>
    legalModal ? (
      <button type="button" className="font-semibold text-brand underline" onClick={() => setLegalTab(tab)}>
        {label}
      </button>
    ) : (
      <a className="font-semibold text-brand underline" href={`/${tab}`} target="_blank" rel="noopener">
        {label}
      </a>
    );

  return (
    // Reading order puts size and total before the pay button on a phone.
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:grid-rows-[auto_1fr]">
      <div className="space-y-5 lg:col-start-2 lg:row-start-1">
        <div className="rounded-2xl border border-slate-200 p-5">
          <p id={seatsLabelId} className="text-sm font-semibold text-slate-700">
            Number of seats
          </p>
          <p className="text-xs text-slate-600">
            One per team member, {product.minQuantity} to {product.maxQuantity}.
          </p>
          <div className="mt-2 flex items-center justify-between gap-4">
            <SeatStepper
              labelledBy={seatsLabelId}
              value={seats}
              onChange={changeSeats}
              disabled={updating}
              min={product.minQuantity}
              max={product.maxQuantity}
            />
            {updating ? (
              <span role="status" className="text-sm font-semibold text-slate-600">
                Updating...
              </span>
            ) : null}
          </div>
        </div>
        <OrderSummary
          product={product}
          quantity={seats}
          bumps={[]}
          discount={current && current.quantity === seats ? discountOf(current) : null}
        />
      </div>
      <div className="space-y-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <div className="grid gap-4 sm:grid-cols-2">
          <BoundTextField label="First name" autoComplete="given-name" value={firstName} onValue={setFirstName} />
          <BoundTextField label="Last name" autoComplete="family-name" value={lastName} onValue={setLastName} />
        </div>
        <EmailField value={email} onValue={setEmail} />
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            ref={termsRef}
            type="checkbox"
            className="mt-1 size-4 accent-brand"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              if (e.target.checked) setError(null);
            }}
          />
          <span>
            I agree to the {termsLink("terms", "Terms of Service")} and {termsLink("privacy", "Privacy Policy")}.
          </span>
        </label>
        <CouponField {...coupon.field} />
        <CheckoutAlert text={error} />
        {current ? (
          <CardPayment
            key={current.clientSecret}
            mode={mode}
            publishableKey={publishableKey}
            clientSecret={current.clientSecret}
            submitLabel={`Start Training for ${seats} ${seats === 1 ? "Member" : "Members"}`}
            canSubmit={canSubmit}
            // Paying during the debounce would pay the old count, and the pending update would replace it.
            submitDisabled={!terms || updating || seats !== current.quantity}
            onSubmitStart={() =>
              trackCheckoutStart({
                productId: product.id,
                quantity: seats,
                transactionId: current.transactionId,
              })
            }
            onResult={(outcome) => onOutcome(outcome, current, setError)}
          />
        ) : (
          <InitializingPaymentForm hint={ready ? null : "Enter your first name, last name and email to continue."} />
        )}
      </div>
      <div className="lg:col-start-2 lg:row-start-2">
        <Testimonials />
      </div>
      {legalModal ? (
        <LegalModal
          open={legalTab !== null}
          initialTab={legalTab ?? "terms"}
          onClose={() => setLegalTab(null)}
          providerName={providerName}
          seatPrice={product.unitAmount}
        />
      ) : null}
    </div>
  );
}

function Testimonials() {
  const quotes = [
    { quote: "Our support team doubled its throughput in the first month.", who: "Operations lead, 40-person SaaS" },
    {
      quote: "We built three internal tools in 30 days. The program paid for itself.",
      who: "Founder, marketing agency",
    },
  ];
  return (
    <section aria-labelledby="testimonials" className="rounded-2xl bg-slate-50 p-5">
      <h2 id="testimonials" className="text-lg font-bold">
        What teams say
      </h2>
      <ul className="mt-3 space-y-3">
        {quotes.map((q) => (
          <li key={q.who}>
            <blockquote className="text-sm italic">“{q.quote}”</blockquote>
            <p className="mt-1 text-xs text-slate-500">— {q.who}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

"use client";

import { useEffect, useRef, useState } from "react";
import { CardPayment, type GatewayProps } from "@/components/checkout/card-payment";
import { OrderSummary, type ProductSummary } from "@/components/checkout/order-summary";
import { usePaymentOutcome } from "@/components/checkout/use-payment-outcome";
import { useToast } from "@/components/ui/toast";
import { getFunnelSession } from "@/lib/funnel/client-session";
import { createPaymentIntentRequest } from "@/lib/payments/client-api";
import {
  LATEST_INTENT_ERROR_KEY,
  LATEST_INTENT_KEY,
  PENDING_INTENT_KEY,
  pollPendingIntent,
  readJson,
  removeKey,
  writeJson,
  type StoredIntent,
} from "@/lib/payments/client-state";
import { contactKey, isValidCheckoutEmail } from "@/lib/payments/contact-rules";
import { INIT_FAILED } from "@/lib/payments/payment-errors";
import { trackAction } from "@/lib/tracking/client";

// /checkout (spec §2, §4): e-mail, full name, seats (minimum 1, no maximum) and the card form.
// The payment session is created once e-mail and name are filled; until a client secret exists
// the page says "Initializing payment form".

type Props = GatewayProps & {
  product: ProductSummary;
  upsell: ProductSummary | null;
  prefill: { name: string; email: string };
};

const field =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none";

export function SimpleCheckout({ product, upsell, prefill, mode, publishableKey }: Props) {
  const toast = useToast();
  const [email, setEmail] = useState(prefill.email);
  const [name, setName] = useState(prefill.name);
  const [quantity, setQuantity] = useState(1);
  const [intent, setIntent] = useState<StoredIntent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pendingChecked, setPendingChecked] = useState(false);
  const requested = useRef<string | null>(null);
  const onOutcome = usePaymentOutcome("/payment-success");
  // The server's own e-mail rule: a half-typed address ("a@") would create the order with it.
  const ready = isValidCheckoutEmail(email) && name.trim().length > 0;

  // An offer page may have started creating this intent before navigating here (spec §4).
  useEffect(() => {
    let cancelled = false;
    const pending = readJson<{ productId: string }>(PENDING_INTENT_KEY);
    const poll =
      pending && pending.productId === product.id
        ? pollPendingIntent((stored) => stored.productId === product.id)
        : Promise.resolve({ kind: "none" } as const);
    void poll.then((outcome) => {
      if (cancelled) return;
      removeKey(PENDING_INTENT_KEY);
      if (outcome.kind === "intent") {
        requested.current = contactKey(outcome.intent.quantity, prefill.email, prefill.name);
        setQuantity(outcome.intent.quantity);
        setIntent(outcome.intent);
      }
      setPendingChecked(true);
    });
    return () => {
      cancelled = true;
    };
  }, [product.id, prefill.email, prefill.name]);

  useEffect(() => {
    if (!pendingChecked || !ready) return;
    // A corrected e-mail or name is sent again: the server moves the unpaid order to it.
    const key = contactKey(quantity, email, name);
    if (requested.current === key) return;
    const timer = setTimeout(() => {
      requested.current = key;
      const { contactId } = getFunnelSession();
      createPaymentIntentRequest({
        contactId,
        email: email.trim(),
        name: name.trim(),
        productId: product.id,
        quantity,
        ...(upsell ? { includeUpsell: true } : {}),
      })
        .then((created) => {
          const stored: StoredIntent = { ...created, productId: product.id, quantity };
          writeJson(LATEST_INTENT_KEY, stored);
          removeKey(LATEST_INTENT_ERROR_KEY);
          setIntent(stored);
          setError(null);
        })
        .catch((failure: unknown) => {
          requested.current = null;
          const message = failure instanceof Error ? failure.message : INIT_FAILED.description;
          writeJson(LATEST_INTENT_ERROR_KEY, { message });
          toast({ ...INIT_FAILED, variant: "error" });
          setError(`${INIT_FAILED.title} - ${INIT_FAILED.description}`);
        });
    }, 400);
    return () => clearTimeout(timer);
  }, [pendingChecked, ready, quantity, email, name, product.id, upsell, toast]);

  const current = intent && intent.quantity === quantity ? intent : null;

  function canSubmit(): boolean {
    if (!email.trim() || !name.trim()) {
      toast({ title: "Please fill in both your name and email.", variant: "error" });
      return false;
    }
    if (!current?.contactId) {
      toast({ title: "Missing contact information. Please try again.", variant: "error" });
      return false;
    }
    if (!current.transactionId) {
      toast({ title: "Missing transaction information. Please try again.", variant: "error" });
      return false;
    }
    return true;
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-5">
        <label className="block text-sm font-medium text-slate-700">
          Email
          <input
            className={field}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Full name
          <input
            className={field}
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Number of seats
          <input
            className={field}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(Math.max(1, Math.trunc(Number(e.target.value) || 1)))}
          />
        </label>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            {error}
          </p>
        ) : null}
        {current ? (
          <CardPayment
            key={current.clientSecret}
            mode={mode}
            publishableKey={publishableKey}
            clientSecret={current.clientSecret}
            submitLabel="Complete Purchase"
            canSubmit={canSubmit}
            onSubmitStart={() =>
              trackAction(6, "checkout_click", {
                productId: product.id,
                quantity,
                transactionId: current.transactionId,
              })
            }
            onResult={(outcome) => onOutcome(outcome, current, setError)}
          />
        ) : (
          <p role="status" className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
            Initializing payment form
            {!ready ? <span className="mt-1 block text-sm">Enter your email and full name to continue.</span> : null}
          </p>
        )}
      </div>
      <OrderSummary product={product} quantity={quantity} upsell={upsell} />
    </div>
  );
}

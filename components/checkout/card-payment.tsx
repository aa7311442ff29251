"use client";

import { CheckoutAlert } from "@/components/checkout/checkout-alert";
import type { StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { confirmDemoRequest, type ConfirmOutcome } from "@/lib/payments/client/client-api";
import { getStripeJs } from "@/components/checkout/stripe-loader";
import { DemoCardFields, EMPTY_DEMO_CARD, type DemoCard } from "@/components/checkout/demo-card-fields";

// Both gateways confirm with the same outcome shape, so the pages do not know the gateway.

export type GatewayProps = { mode: "stripe" | "demo"; publishableKey: string | null };

type Props = GatewayProps & {
  clientSecret: string;
  submitLabel: ReactNode;
  canSubmit: () => boolean;
  submitDisabled?: boolean;
  onSubmitStart?: () => void;
  onResult: (outcome: ConfirmOutcome) => void;
};

export function CardPayment(props: Props) {
  return props.mode === "stripe" && props.publishableKey ? (
    <StripeCardForm {...props} publishableKey={props.publishableKey} />
  ) : (
    <DemoCardForm {...props} />
  );
}

// aria-disabled rather than disabled: a disabled default button swallows Enter without a word,
// while canSubmit() says what is missing. Only a running payment disables it for real.
function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={disabled || undefined}
      className="mt-4 w-full rounded-xl bg-brand px-6 py-4 text-lg font-bold text-white shadow hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:brightness-100"
    >
      {busy ? "Processing..." : children}
    </button>
  );
}

function DemoCardForm({ clientSecret, submitLabel, canSubmit, submitDisabled, onSubmitStart, onResult }: Props) {
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<DemoCard>(EMPTY_DEMO_CARD);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !canSubmit() || submitDisabled) return;
    setBusy(true);
    onSubmitStart?.();
    const outcome = await confirmDemoRequest(clientSecret, card);
    setBusy(false);
    onResult(outcome);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Card payment" noValidate>
      <p
        role="note"
        className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
      >
        Demo payments — no card is charged
        <span className="block font-normal">
          Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (insufficient
          funds), any future expiry and any CVC.
        </span>
      </p>
      <DemoCardFields card={card} onChange={setCard} />
      <SubmitButton busy={busy} disabled={Boolean(submitDisabled)}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

function StripeCardForm({
  publishableKey,
  clientSecret,
  submitLabel,
  canSubmit,
  submitDisabled,
  onSubmitStart,
  onResult,
}: Props & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    getStripeJs(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) {
          setLoadError("The payment provider failed to initialize. Please refresh the page and try again.");
          return;
        }
        const elements = stripe.elements({ clientSecret });
        const element = elements.create("payment");
        element.mount(mountRef.current);
        elementsRef.current = elements;
        destroy = () => element.destroy();
      })
      .catch(() => {
        if (!cancelled)
          setLoadError("The payment provider's script failed to load or is unavailable. Please try again.");
      });
    return () => {
      cancelled = true;
      elementsRef.current = null;
      destroy?.();
    };
  }, [publishableKey, clientSecret]);

  // `busy` is state and lags an await: a second submit while Stripe.js loads would pay twice.
  const submitting = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current || busy || !canSubmit() || submitDisabled || loadError) return;
    submitting.current = true;
    const elements = elementsRef.current;
    const stripe = await getStripeJs(publishableKey).catch(() => null);
    if (!stripe || !elements) {
      submitting.current = false;
      onResult({ ok: false, error: { message: "Payment failed" } });
      return;
    }
    setBusy(true);
    onSubmitStart?.();
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-processing` },
      redirect: "if_required",
    });
    submitting.current = false;
    setBusy(false);
    if (result.error) {
      onResult({
        ok: false,
        error: { type: result.error.type, code: result.error.code, message: result.error.message },
      });
    } else {
      onResult({ ok: true, paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Card payment">
      {loadError ? (
        <CheckoutAlert text={loadError} />
      ) : (
        <div ref={mountRef} data-testid="payment-element" className="min-h-24" />
      )}
      <SubmitButton busy={busy} disabled={Boolean(submitDisabled) || Boolean(loadError)}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

"use client";

import type { StripeElements } from "@stripe/stripe-js";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { DemoCardFields, EMPTY_DEMO_CARD, type DemoCard } from "@/components/checkout/demo-card-fields";
import { getStripeJs } from "@/components/checkout/stripe-loader";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";

// A subscription's card form, signed in (subscriptionId) or from a dunning e-mail's link (token).
// Demo gateway: the demo card fields. Stripe (stripeKey): the Payment Element in setup mode; the
// SetupIntent is made only on submit, so opening the page creates nothing (docs/decisions/0045).
// The server decides everything; the page only shows its answer.

type Target = { subscriptionId: string } | { token: string };
type Answer = { last4: string; status: string; overduePaid: boolean; overdueDeclined: boolean };
type Props = { target: Target; stripeKey: string | null };

const isAnswer = (body: unknown): body is Answer =>
  typeof body === "object" && body !== null && "last4" in body && "status" in body;
const isSetup = (body: unknown): body is { clientSecret: string } =>
  typeof body === "object" && body !== null && "clientSecret" in body && typeof body.clientSecret === "string";

const FAILED = "Saving the card did not work. Please try again.";

function outcomeText(answer: Answer): string {
  const saved = `Your card ending ${answer.last4} is saved.`;
  if (answer.overduePaid) return `${saved} The overdue payment went through and your subscription is active.`;
  if (answer.overdueDeclined) return `${saved} The overdue payment was declined on it; please try another card.`;
  return saved;
}

/** Mounts the Payment Element in setup mode; answers a getter for the mounted Elements, or the load error. */
function useSetupElement(stripeKey: string | null) {
  const mountRef = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!stripeKey) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    getStripeJs(stripeKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) {
          setLoadError("The payment provider failed to initialize. Please refresh the page and try again.");
          return;
        }
        const elements = stripe.elements({ mode: "setup", allowedPaymentMethodTypes: ["card"] });
        const element = elements.create("payment");
        element.mount(mountRef.current);
        elementsRef.current = elements;
        destroy = () => element.destroy();
      })
      .catch(() => {
        if (!cancelled) setLoadError("The payment provider's script failed to load. Please try again.");
      });
    return () => {
      cancelled = true;
      elementsRef.current = null;
      destroy?.();
    };
  }, [stripeKey]);
  return { mountRef, elementsRef, loadError };
}

export function CardUpdateForm({ target, stripeKey }: Props) {
  const router = useRouter();
  const [card, setCard] = useState<DemoCard>(EMPTY_DEMO_CARD);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { mountRef, elementsRef, loadError } = useSetupElement(stripeKey);
  const byLink = "token" in target;
  const savePath = byLink ? "/api/billing/card-link" : "/api/billing/card";

  /** Stripe: the SetupIntent is created for the session's or link's subscription, confirmed here, applied by the server. */
  async function saveStripeCard(key: string): Promise<Answer | string> {
    const elements = elementsRef.current;
    const js = await getStripeJs(key).catch(() => null);
    if (!js || !elements) return FAILED;
    const checked = await elements.submit();
    if (checked.error) return checked.error.message ?? FAILED;
    const setupPath = byLink ? "/api/billing/card-link-setup" : "/api/billing/card-setup";
    const { clientSecret } = await post(setupPath, target, isSetup, FAILED);
    const result = await js.confirmSetup({
      elements,
      clientSecret,
      confirmParams: { return_url: window.location.href },
      redirect: "if_required",
    });
    if (result.error) return result.error.message ?? FAILED;
    return post(savePath, { ...target, setupIntentId: result.setupIntent.id }, isAnswer, FAILED);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || loadError) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = stripeKey
        ? await saveStripeCard(stripeKey)
        : await post(savePath, { ...target, card }, isAnswer, FAILED);
      if (typeof answer === "string") {
        setMessage({ ok: false, text: answer });
        return;
      }
      setMessage({ ok: !answer.overdueDeclined, text: outcomeText(answer) });
      setCard(EMPTY_DEMO_CARD);
      router.refresh();
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Update card" noValidate className="mt-3">
      {stripeKey ? (
        loadError ? (
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
        ) : (
          <div ref={mountRef} data-testid="payment-element" className="min-h-24" />
        )
      ) : (
        <>
          <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Demo payments: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any future expiry and
            any CVC.
          </p>
          <DemoCardFields card={card} onChange={setCard} />
        </>
      )}
      <button type="submit" className={`${FORM_BUTTON} mt-4 w-full sm:w-auto`} disabled={busy}>
        {busy ? "Saving..." : "Save card"}
      </button>
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={`mt-3 ${message.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { CardPayment, type GatewayProps } from "@/components/checkout/card-payment";
import { CheckoutAlert } from "@/components/checkout/checkout-alert";
import { getStripeJs } from "@/components/checkout/stripe-loader";
import {
  acceptOfferRequest,
  confirmDemoSavedCardRequest,
  declineOfferRequest,
  nextOfferRequest,
  type ConfirmOutcome,
} from "@/lib/payments/client/client-api";
import { readJson, SUCCESS_STATE_KEY, successStateSchema } from "@/lib/payments/client/client-state";
import { messageForConfirmError } from "@/lib/payments/shared/payment-errors";
import type { AcceptOfferResponse, NextOfferResponse } from "@/lib/payments/shared/offer-schemas";
import { RequestFailedError } from "@/lib/platform/client/client-post";
import { formatUsd } from "@/lib/shared/money";

// The server decides every step and amount; this page shows the one it names and sends the
// buyer's answer. Whatever goes wrong, the way on is the success page, which claims the first order.

type Offer = NonNullable<NextOfferResponse["offer"]>;
type Stage =
  | { kind: "loading" }
  | { kind: "offer"; offer: Offer }
  | { kind: "authenticate"; offer: Offer; clientSecret: string; paymentMethodId: string }
  | { kind: "card"; offer: Offer; clientSecret: string; message: string };

const PROCESSING_POLLS = 10;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messageOf(error: unknown): string {
  return error instanceof RequestFailedError && error.serverMessage
    ? error.serverMessage
    : "Something went wrong. Please try again, or continue to your order.";
}

export function NextOfferView({ mode, publishableKey }: GatewayProps) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<string | null>(null);
  const started = useRef(false);

  const finish = useCallback(() => router.replace("/payment-success"), [router]);
  const show = useCallback(
    (next: NextOfferResponse) => (next.offer ? setStage({ kind: "offer", offer: next.offer }) : finish()),
    [finish],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const state = readJson(SUCCESS_STATE_KEY, successStateSchema);
    if (!state) return finish();
    root.current = state.transactionId;
    // An order not confirmed yet, or another browser's: the success page knows what to say.
    nextOfferRequest(state.transactionId).then(show, finish);
  }, [finish, show]);

  async function afterAccept(offer: Offer, answer: AcceptOfferResponse, polls = 0): Promise<void> {
    const transactionId = root.current;
    if (!transactionId) return finish();
    if (answer.outcome === "succeeded") return show(await nextOfferRequest(transactionId));
    if (answer.outcome === "requires_action") {
      setStage({ kind: "authenticate", offer, ...answer });
      return;
    }
    if (answer.outcome === "card_required") {
      setStage({ kind: "card", offer, clientSecret: answer.clientSecret, message: answer.message });
      return;
    }
    if (polls >= PROCESSING_POLLS) return finish();
    await wait(1_500);
    return afterAccept(offer, await acceptOfferRequest(transactionId, offer.productCode), polls + 1);
  }

  const act = (work: () => Promise<void>) => async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const accept = (offer: Offer) =>
    act(async () => {
      const transactionId = root.current;
      if (!transactionId) return finish();
      await afterAccept(offer, await acceptOfferRequest(transactionId, offer.productCode));
    });

  const decline = (offer: Offer) =>
    act(async () => {
      const transactionId = root.current;
      if (!transactionId) return finish();
      show(await declineOfferRequest(transactionId, offer.productCode));
    });

  /** After the page confirmed the payment (authentication or the card form), the server settles it. */
  async function settle(offer: Offer, outcome: ConfirmOutcome): Promise<void> {
    if (!outcome.ok) {
      const words = messageForConfirmError(outcome.error);
      setError(`${words.title} - ${words.description}`);
      return;
    }
    const transactionId = root.current;
    if (!transactionId) return finish();
    await afterAccept(offer, await acceptOfferRequest(transactionId, offer.productCode));
  }

  const authenticate = (offer: Offer, clientSecret: string, paymentMethodId: string, completed: boolean) =>
    act(async () => {
      if (mode === "demo" || !publishableKey) {
        await settle(offer, await confirmDemoSavedCardRequest(clientSecret, paymentMethodId, completed));
        return;
      }
      const stripe = await getStripeJs(publishableKey);
      if (!stripe) throw new Error("The payment provider failed to initialize.");
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
      await settle(
        offer,
        result.error
          ? { ok: false, error: { type: result.error.type, code: result.error.code, message: result.error.message } }
          : { ok: true, paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status },
      );
    });

  if (stage.kind === "loading") {
    return (
      <div role="status" className="rounded-2xl border border-slate-200 p-8 text-center text-slate-600">
        Confirming your payment…
      </div>
    );
  }
  const { offer } = stage;
  return (
    <section aria-labelledby="next-offer-headline" className="space-y-4 rounded-2xl border border-slate-200 p-5 sm:p-8">
      <p className="text-sm font-semibold text-emerald-800">
        Your payment went through. One more thing before your login details:
      </p>
      <h2 id="next-offer-headline" className="text-2xl font-bold">
        {offer.headline}
      </h2>
      {offer.body ? <p className="whitespace-pre-line text-slate-700">{offer.body}</p> : null}
      <p className="text-lg">
        {offer.productName}: <strong data-testid="offer-price">{formatUsd(offer.amount)}</strong>
      </p>
      <CheckoutAlert text={error} />
      {stage.kind === "offer" ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void accept(offer)()}
          className="w-full rounded-xl bg-brand px-6 py-4 text-lg font-bold text-white shadow hover:brightness-110 disabled:opacity-60"
        >
          {busy ? "Adding…" : "Yes, add it"}
        </button>
      ) : null}
      {stage.kind === "authenticate" ? (
        <div
          role="group"
          aria-label="Confirm with your bank"
          className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <p>Your bank asks you to confirm this payment.</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void authenticate(offer, stage.clientSecret, stage.paymentMethodId, true)()}
            className="w-full rounded-xl bg-brand px-6 py-3 font-bold text-white disabled:opacity-60"
          >
            {mode === "demo" ? "Complete authentication (demo)" : "Confirm with my bank"}
          </button>
          {mode === "demo" ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void authenticate(offer, stage.clientSecret, stage.paymentMethodId, false)()}
              className="w-full rounded-xl border border-slate-300 px-6 py-3 font-semibold disabled:opacity-60"
            >
              Fail authentication (demo)
            </button>
          ) : null}
        </div>
      ) : null}
      {stage.kind === "card" ? (
        <div className="space-y-2">
          <p role="alert" className="text-red-800">
            {stage.message}
          </p>
          <CardPayment
            key={stage.clientSecret}
            mode={mode}
            publishableKey={publishableKey}
            clientSecret={stage.clientSecret}
            submitLabel={`Pay ${formatUsd(offer.amount)}`}
            canSubmit={() => !busy}
            onResult={(outcome) => void act(() => settle(offer, outcome))()}
          />
        </div>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => void decline(offer)()}
        className="w-full text-center text-slate-600 underline disabled:opacity-60"
      >
        No thanks
      </button>
    </section>
  );
}

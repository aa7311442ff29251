"use client";

import { ReturnToCheckout } from "@/components/checkout/checkout-shell";
import { usePaymentLinkStatus } from "@/components/checkout/use-payment-link-status";
import type { ReturnParams } from "@/lib/payments/shared/return-params";

// Stripe returns here, often in a tab without the checkout's session storage. Only an unsuccessful
// payment is called failed; a link naming no payment, or no answer, says so instead.

function Spinner() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto mb-4 size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand"
    />
  );
}

function CheckAgain({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-6 rounded-xl border border-slate-300 bg-white px-6 py-3 font-bold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      Check again
    </button>
  );
}

export function PaymentProcessingView({ link }: { link: ReturnParams | null }) {
  const { view, checkAgain } = usePaymentLinkStatus(link);

  if (view.kind === "checking") {
    return (
      <div role="status" className="rounded-2xl border border-slate-200 p-8 text-center">
        <Spinner />
        <p className="text-lg font-semibold">Checking your payment…</p>
      </div>
    );
  }
  if (view.kind === "pending") {
    return (
      <div role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-8 text-center text-amber-950">
        {view.polling ? <Spinner /> : null}
        <h2 className="text-xl font-bold">{view.message}</h2>
        <p className="mt-2">
          {view.polling
            ? "This page updates by itself as soon as it completes. Please do not pay again."
            : "It has not completed yet. We will e-mail your confirmation when it does; please do not pay again."}
        </p>
        {view.polling ? null : <CheckAgain onClick={checkAgain} />}
      </div>
    );
  }
  if (view.kind === "failed") {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-red-900">
        <h2 className="text-xl font-bold">Payment Failed</h2>
        <p className="mt-2">{view.message}</p>
        <ReturnToCheckout />
      </div>
    );
  }
  if (view.kind === "unreachable") {
    return (
      <div role="alert" className="rounded-2xl border border-slate-200 bg-slate-50 p-8 text-slate-900">
        <h2 className="text-xl font-bold">We could not check your payment</h2>
        <p className="mt-2">
          The server did not answer. Checking changes nothing about your payment; please try again in a moment.
        </p>
        <CheckAgain onClick={checkAgain} />
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-2xl border border-slate-200 bg-slate-50 p-8 text-slate-900">
      <h2 className="text-xl font-bold">Payment information not found</h2>
      <p className="mt-2">
        This link is incomplete or does not belong to a payment. If you completed a payment, your confirmation e-mail
        has the details.
      </p>
      <ReturnToCheckout />
    </div>
  );
}

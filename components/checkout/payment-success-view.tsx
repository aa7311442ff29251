"use client";

import { useEffect, useRef, useState } from "react";
import { ReturnToCheckout } from "@/components/checkout/checkout-shell";
import { CopyableValue } from "@/components/ui/copyable-value";
import { Detail, DetailList } from "@/components/ui/detail-list";
import { EmailAddress } from "@/components/ui/email-address";
import { RequestFailedError } from "@/lib/platform/client/client-post";
import { paymentSuccessMetadataRequest, paymentSuccessRequest } from "@/lib/payments/client/client-api";
import { readJson, SUCCESS_STATE_KEY, successStateSchema, writeJson } from "@/lib/payments/client/client-state";
import { contractSetupLink, type ContractSetupBases } from "@/lib/payments/shared/contract-setup-url";
import type { PaymentSuccessResponse } from "@/lib/payments/shared/schemas";

// The password is shown only the first time. Without state: the generic "Payment Successful".

type View =
  | { kind: "loading" }
  | { kind: "generic" }
  | { kind: "processing" }
  | { kind: "done"; result: PaymentSuccessResponse }
  | { kind: "error"; message: string }
  // Refunded: not a failure to report to support.
  | { kind: "refunded"; message: string };

export function PaymentSuccessView({ variant, bases }: { variant: "success" | "metadata"; bases: ContractSetupBases }) {
  const [view, setView] = useState<View>({ kind: "loading" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void claim(variant, setView);
  }, [variant]);

  if (view.kind === "loading" || view.kind === "processing") {
    return (
      <div role="status" className="rounded-2xl border border-slate-200 p-8 text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-4 size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand"
        />
        <h2 className="text-xl font-bold">Setting Up Your Account</h2>
        <p className="mt-2 text-slate-600">Please wait while we confirm your payment and create your account.</p>
      </div>
    );
  }
  if (view.kind === "generic") {
    return (
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8">
        <h2 className="text-2xl font-bold text-emerald-900">Payment Successful</h2>
        <p className="mt-2 text-emerald-900">
          Thank you for your purchase. Please check your email for your receipt and the next steps.
        </p>
      </div>
    );
  }
  if (view.kind === "refunded") {
    return (
      <div role="alert" className="rounded-2xl border border-slate-200 bg-slate-50 p-8 text-slate-900">
        <h2 className="text-xl font-bold">Purchase Refunded</h2>
        <p className="mt-2">{view.message}</p>
      </div>
    );
  }
  if (view.kind === "error") {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-red-900">
        <h2 className="text-xl font-bold">Failed to process payment. Please contact support.</h2>
        <p className="mt-2">{view.message}</p>
        <ReturnToCheckout />
      </div>
    );
  }
  const { result } = view;
  const link = contractSetupLink(bases, window.location, result.token, result.transactionId);
  return (
    <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-8">
      <h2 className="text-2xl font-bold text-emerald-900">Payment Successful</h2>
      <p className="mt-2 text-emerald-900">{result.message}</p>
      <DetailList className="mt-5 rounded-xl bg-white p-4 text-slate-900 sm:p-5">
        <Detail term="Email" valueTestId="login-email" valueClassName="[overflow-wrap:anywhere]">
          <EmailAddress email={result.loginDetails.email} />
        </Detail>
        {result.loginDetails.password ? (
          <Detail term="Password">
            <CopyableValue
              id="login-password"
              testId="login-password"
              value={result.loginDetails.password}
              copyLabel="Copy password"
              size="base"
            />
            <span className="mt-1 block text-sm text-slate-600">Save it now: it is shown only once.</span>
          </Detail>
        ) : null}
        <Detail term="Product">{result.loginDetails.productPurchased}</Detail>
        <Detail term="Seats" valueTestId="seats-count">
          {result.loginDetails.seatsCount}
        </Detail>
        {/* Read out to support: on a row of its own, so it fits a phone. */}
        <Detail term="Transaction ID" ownRow>
          <CopyableValue
            id="transaction-id"
            testId="transaction-id"
            value={result.transactionId}
            copyLabel="Copy transaction ID"
          />
        </Detail>
      </DetailList>
      {"href" in link ? (
        <a
          href={link.href}
          className="mt-6 inline-block rounded-xl bg-brand px-6 py-3 font-bold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Continue to Contract Setup
        </a>
      ) : (
        // The password is shown only once, so the credentials stay visible.
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
          <p className="font-semibold">{link.error}</p>
          <ReturnToCheckout />
        </div>
      )}
      <p className="mt-4 text-sm text-slate-700">
        Your orders and receipts are on{" "}
        <a href="/billing" className="font-semibold underline">
          your billing page
        </a>
        .
      </p>
    </div>
  );
}

async function claim(variant: "success" | "metadata", setView: (view: View) => void): Promise<void> {
  // Session storage exists only in the browser, after hydration.
  await Promise.resolve();
  const state = readJson(SUCCESS_STATE_KEY, successStateSchema);
  if (!state) {
    setView({ kind: "generic" });
    return;
  }
  const missing =
    variant === "success"
      ? !state.contactId
        ? "Missing contact information. Please contact support."
        : !state.transactionId
          ? "Missing transaction information. Please contact support."
          : null
      : !state.subscriptionId && !state.paymentIntentId
        ? "Missing payment information. Please contact support."
        : null;
  if (missing) {
    setView({ kind: "error", message: missing });
    return;
  }
  setView({ kind: "processing" });
  const request =
    variant === "success"
      ? paymentSuccessRequest({
          contactId: state.contactId,
          transactionId: state.transactionId,
          ...(state.subscriptionId ? { subscriptionId: state.subscriptionId } : {}),
          ...(state.paymentIntentId ? { paymentIntentId: state.paymentIntentId } : {}),
          ...(state.clientSecret ? { clientSecret: state.clientSecret } : {}),
        })
      : paymentSuccessMetadataRequest({
          ...(state.subscriptionId ? { subscriptionId: state.subscriptionId } : {}),
          ...(state.paymentIntentId ? { paymentIntentId: state.paymentIntentId } : {}),
        });
  request
    .then((result) => {
      writeJson(SUCCESS_STATE_KEY, { ...state, isProcessing: false });
      setView({ kind: "done", result });
    })
    .catch((error: unknown) =>
      setView(
        error instanceof RequestFailedError && error.code === "order_refunded"
          ? { kind: "refunded", message: error.message }
          : { kind: "error", message: error instanceof Error ? error.message : "Failed to process payment" },
      ),
    );
}

"use client";

import { useCallback, useEffect, useRef } from "react";
import type { useToast } from "@/components/ui/toast";
import { getFunnelSession } from "@/lib/leads/client/client-session";
import { createPaymentIntentRequest } from "@/lib/payments/client/client-api";
import {
  LATEST_INTENT_ERROR_KEY,
  LATEST_INTENT_KEY,
  removeKey,
  writeJson,
  type StoredIntent,
} from "@/lib/payments/client/client-state";
import { INIT_FAILED } from "@/lib/payments/shared/payment-errors";
import { RequestFailedError } from "@/lib/platform/client/client-post";
import type { PaymentChoice } from "@/lib/payments/shared/payment-plan";

// 400 ms after the inputs settle, and again when `requestKey` changes. Only the latest request's
// answer is adopted, so a slow earlier one cannot replace a newer intent.

type Toast = ReturnType<typeof useToast>;

export type IntentRequest = {
  email: string;
  name: string;
  productId: string;
  quantity: number;
  includeUpsell?: boolean;
  /** Order bump ids, in checkout order. */
  bumps?: string[];
  couponCode?: string;
  /** A console preview of a price or bump test, checked by the server. */
  experimentPreview?: string;
  /** "plan": the price's instalments; absent: pay in full. */
  payment?: PaymentChoice;
};

type Options = {
  enabled: boolean;
  requestKey: string;
  /** Read when the request is sent, so it sees the latest seats. */
  buildRequest: () => IntentRequest;
  /** With the request it answers, so a caller can tell which choice the intent is for. */
  onCreated: (intent: StoredIntent, request: IntentRequest) => void;
  toast: Toast;
  setError: (message: string | null) => void;
  /** The server refused the request's coupon code: its message, shown by the code field. */
  onCouponRefused?: (message: string) => void;
};

const COUPON_REFUSALS = new Set(["coupon_invalid", "coupon_exhausted"]);

export const CREATE_DEBOUNCE_MS = 400;

export function useCheckoutIntent({
  enabled,
  requestKey,
  buildRequest,
  onCreated,
  toast,
  setError,
  onCouponRefused,
}: Options) {
  const sent = useRef<string | null>(null);
  const latest = useRef(0);
  const callbacks = useRef({ buildRequest, onCreated, onCouponRefused });
  useEffect(() => {
    callbacks.current = { buildRequest, onCreated, onCouponRefused };
  });

  useEffect(() => {
    if (!enabled || sent.current === requestKey) return;
    const timer = setTimeout(() => {
      sent.current = requestKey;
      const seq = ++latest.current;
      const request = callbacks.current.buildRequest();
      createPaymentIntentRequest({
        contactId: getFunnelSession().contactId,
        email: request.email.trim(),
        name: request.name.trim(),
        productId: request.productId,
        quantity: request.quantity,
        ...(request.includeUpsell ? { includeUpsell: true } : {}),
        ...(request.bumps && request.bumps.length > 0 ? { bumps: request.bumps } : {}),
        ...(request.couponCode ? { couponCode: request.couponCode } : {}),
        ...(request.experimentPreview ? { experimentPreview: request.experimentPreview } : {}),
        ...(request.payment === "plan" ? { payment: "plan" as const } : {}),
      })
        .then((created) => {
          if (seq !== latest.current) return;
          const stored: StoredIntent = { ...created, productId: request.productId, quantity: request.quantity };
          writeJson(LATEST_INTENT_KEY, stored);
          removeKey(LATEST_INTENT_ERROR_KEY);
          callbacks.current.onCreated(stored, request);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (seq !== latest.current) return;
          sent.current = null;
          const refused = callbacks.current.onCouponRefused;
          if (refused && failure instanceof RequestFailedError && COUPON_REFUSALS.has(failure.code ?? "")) {
            refused(failure.message);
            return;
          }
          writeJson(LATEST_INTENT_ERROR_KEY, {
            message: failure instanceof Error ? failure.message : INIT_FAILED.description,
          });
          toast({ ...INIT_FAILED, variant: "error" });
          setError(`${INIT_FAILED.title} - ${INIT_FAILED.description}`);
        });
    }, CREATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [enabled, requestKey, toast, setError]);

  /** An intent that arrived another way (an offer page created it) already answers this key. */
  const markSent = useCallback((key: string) => {
    sent.current = key;
  }, []);
  return { markSent };
}

export function hasIntentIds(intent: Pick<StoredIntent, "contactId" | "transactionId"> | null, toast: Toast): boolean {
  if (!intent?.contactId) {
    toast({ title: "Missing contact information. Please try again.", variant: "error" });
    return false;
  }
  if (!intent.transactionId) {
    toast({ title: "Missing transaction information. Please try again.", variant: "error" });
    return false;
  }
  return true;
}

export function InitializingPaymentForm({ hint }: { hint: string | null }) {
  return (
    <p role="status" className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
      Initializing payment form
      {hint ? <span className="mt-1 block text-sm">{hint}</span> : null}
    </p>
  );
}

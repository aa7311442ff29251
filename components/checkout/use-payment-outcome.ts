"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useToast } from "@/components/ui/toast";
import type { ConfirmOutcome } from "@/lib/payments/client/client-api";
import type { StoredIntent } from "@/lib/payments/client/client-state";
import { handOverToSuccess } from "@/lib/payments/client/success-hand-over";
import { messageForConfirmError } from "@/lib/payments/shared/payment-errors";

// `proveWithSecret`: for a checkout opened in a browser that did not create the order.

export function usePaymentOutcome(
  successPath: "/payment-success" | "/payment-success-metadata",
  { proveWithSecret = false }: { proveWithSecret?: boolean } = {},
) {
  const router = useRouter();
  const toast = useToast();
  return useCallback(
    (outcome: ConfirmOutcome, intent: StoredIntent, onError: (message: string) => void) => {
      if (!outcome.ok) {
        const message = messageForConfirmError(outcome.error);
        toast({ ...message, variant: "error" });
        onError(`${message.title} - ${message.description}`);
        return;
      }
      if (outcome.status !== "succeeded") {
        const query = new URLSearchParams({
          payment_intent: outcome.paymentIntentId,
          payment_intent_client_secret: intent.clientSecret,
          ...(intent.subscriptionId ? { subscription_id: intent.subscriptionId } : {}),
        });
        router.push(`/payment-processing?${query.toString()}`);
        return;
      }
      handOverToSuccess(
        {
          productId: intent.productId,
          quantity: intent.quantity,
          transactionId: intent.transactionId,
          amount: intent.amount,
        },
        {
          paymentIntentId: outcome.paymentIntentId,
          subscriptionId: intent.subscriptionId,
          contactId: intent.contactId,
          transactionId: intent.transactionId,
          isProcessing: true,
          ...(proveWithSecret ? { clientSecret: intent.clientSecret } : {}),
        },
      );
      // The success page comes after the offers, and still claims this first order.
      router.push(intent.offerFollows && successPath === "/payment-success" ? "/next-offer" : successPath);
    },
    [router, toast, successPath, proveWithSecret],
  );
}

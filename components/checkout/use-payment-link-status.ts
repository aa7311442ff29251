"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { RequestFailedError } from "@/lib/platform/client/client-post";
import { paymentStatusRequest } from "@/lib/payments/client/client-api";
import { readJson, SUCCESS_STATE_KEY, successStateSchema } from "@/lib/payments/client/client-state";
import { handOverToSuccess } from "@/lib/payments/client/success-hand-over";
import { describePaymentStatus } from "@/lib/payments/shared/payment-status";
import type { PaymentStatusResponse } from "@/lib/payments/shared/response-schemas";
import type { ReturnParams } from "@/lib/payments/shared/return-params";
import { STATUS_POLL_TRIES, statusPollDelayMs } from "@/lib/payments/shared/status-polling";

// The client secret is the credential, so a new tab or browser resolves as the checkout's own tab.

export type LinkView =
  | { kind: "checking" }
  | { kind: "pending"; message: string; polling: boolean }
  | { kind: "failed"; message: string }
  | { kind: "not-found" }
  | { kind: "unreachable" };

type Check = { kind: "answer"; answer: PaymentStatusResponse } | { kind: "not-found" } | { kind: "unreachable" };

async function check(link: ReturnParams): Promise<Check> {
  try {
    return { kind: "answer", answer: await paymentStatusRequest(link) };
  } catch (error) {
    // 400 and 404 will not change when asked again; 429, 5xx and no answer may.
    const final = error instanceof RequestFailedError && (error.status === 400 || error.status === 404);
    return { kind: final ? "not-found" : "unreachable" };
  }
}

function toSuccessPage(link: ReturnParams, order: NonNullable<PaymentStatusResponse["order"]>): void {
  // A reload in the tab that already went on must not count the payment twice.
  const before = readJson(SUCCESS_STATE_KEY, successStateSchema);
  handOverToSuccess(
    {
      productId: order.productId,
      quantity: order.quantity,
      transactionId: order.transactionId,
      amount: order.amount,
    },
    {
      paymentIntentId: link.paymentIntentId,
      ...(order.subscriptionId ? { subscriptionId: order.subscriptionId } : {}),
      contactId: order.contactId,
      transactionId: order.transactionId,
      isProcessing: true,
      clientSecret: link.clientSecret,
    },
    { countPayment: before?.paymentIntentId !== link.paymentIntentId },
  );
}

export function usePaymentLinkStatus(link: ReturnParams | null): { view: LinkView; checkAgain: () => void } {
  const router = useRouter();
  const [view, setView] = useState<LinkView>(link ? { kind: "checking" } : { kind: "not-found" });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!link) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async (attempt: number) => {
      const result = await check(link);
      if (cancelled) return;
      if (result.kind === "not-found") return setView({ kind: "not-found" });
      const words = result.kind === "answer" ? describePaymentStatus(result.answer.status) : null;
      const order = result.kind === "answer" ? result.answer.order : undefined;
      if (words?.outcome === "succeeded" && order) {
        toSuccessPage(link, order);
        // As after a card payment: the offers first, then the success page claims the order.
        router.replace(order.offerFollows ? "/next-offer" : "/payment-success");
        return;
      }
      if (words && words.outcome !== "pending") {
        return setView(words.outcome === "failed" ? { kind: "failed", message: words.message } : { kind: "not-found" });
      }
      const more = attempt + 1 < STATUS_POLL_TRIES;
      if (words) setView({ kind: "pending", message: words.message, polling: more });
      else if (!more) setView({ kind: "unreachable" });
      if (more) timer = setTimeout(() => void run(attempt + 1), statusPollDelayMs(attempt));
    };
    void run(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [link, round, router]);

  const checkAgain = () => {
    setView((current) => (current.kind === "pending" ? { ...current, polling: true } : { kind: "checking" }));
    setRound((n) => n + 1);
  };
  return { view, checkAgain };
}

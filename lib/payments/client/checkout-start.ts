import { z } from "zod";
import { trackAction } from "@/lib/leads/client/track-action";
import type { FunnelEventData } from "@/lib/leads/shared/event-catalog";
import { readJson, writeJson } from "@/lib/payments/client/client-state";

// A checkout form records checkout_click once per order: a retry after a decline, a second
// submit or a reload of the page pays the same order, so it is not another checkout started.

export const CHECKOUT_STARTED_KEY = "ff_checkout_started";
const REMEMBERED = 20;
const startedSchema = z.array(z.string()).max(REMEMBERED);

type CheckoutStart = Extract<FunnelEventData["checkout_click"], { transactionId: string }>;
type StorageLike = Parameters<typeof writeJson>[2];

const seenHere = new Set<string>();

export function trackCheckoutStart(start: CheckoutStart, store?: StorageLike): void {
  const stored = readJson(CHECKOUT_STARTED_KEY, startedSchema, store) ?? [];
  if (seenHere.has(start.transactionId) || stored.includes(start.transactionId)) return;
  seenHere.add(start.transactionId);
  writeJson(CHECKOUT_STARTED_KEY, [...stored, start.transactionId].slice(-REMEMBERED), store);
  trackAction("checkout_click", start);
}

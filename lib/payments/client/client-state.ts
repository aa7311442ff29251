import { z } from "zod";
import { paymentIntentResponseSchema } from "@/lib/payments/shared/response-schemas";

// Only ids and the client secret, never a name or e-mail, so nothing personal goes to storage.

export const LATEST_INTENT_KEY = "ff_latest_payment_intent";
export const LATEST_INTENT_ERROR_KEY = "ff_latest_payment_intent_error";
export const PENDING_INTENT_KEY = "ff_payment_intent_pending";
export const SUCCESS_STATE_KEY = "ff_payment_success_state";

export const storedIntentSchema = paymentIntentResponseSchema.extend({
  productId: z.string(),
  quantity: z.number().int(),
});
export type StoredIntent = z.infer<typeof storedIntentSchema>;

export const successStateSchema = z.object({
  paymentIntentId: z.string(),
  subscriptionId: z.string().optional(),
  contactId: z.string(),
  transactionId: z.string(),
  isProcessing: z.boolean(),
  /** Proves the payment where this browser's cookie cannot. */
  clientSecret: z.string().optional(),
});
export type SuccessState = z.infer<typeof successStateSchema>;

export const pendingIntentSchema = z.object({ productId: z.string() });
const intentErrorSchema = z.object({ message: z.string() });

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Storage is written by other pages and other builds. */
export function readJson<S extends z.ZodType>(
  key: string,
  schema: S,
  store: StorageLike | null = storage(),
): z.infer<S> | null {
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, store: StorageLike | null = storage()): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the flow still works within this page.
  }
}

export function removeKey(key: string, store: StorageLike | null = storage()): void {
  try {
    store?.removeItem(key);
  } catch {
    // Storage full or disabled: as in writeJson.
  }
}

export const POLL_INTERVAL_MS = 500;
export const POLL_MAX_TRIES = 10;

export type PollOutcome =
  { kind: "intent"; intent: StoredIntent } | { kind: "error"; message: string } | { kind: "none" };

/** An offer page may still be creating the intent (pending flag): poll up to 10 × 500 ms. */
export async function pollPendingIntent(
  matches: (intent: StoredIntent) => boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  store: StorageLike | null = storage(),
): Promise<PollOutcome> {
  for (let attempt = 0; attempt < POLL_MAX_TRIES; attempt++) {
    const error = readJson(LATEST_INTENT_ERROR_KEY, intentErrorSchema, store);
    if (error) return { kind: "error", message: error.message };
    const intent = readJson(LATEST_INTENT_KEY, storedIntentSchema, store);
    if (intent && matches(intent)) return { kind: "intent", intent };
    await sleep(POLL_INTERVAL_MS);
  }
  return { kind: "none" };
}

// What the checkout hands to the processing and success pages, kept in session storage instead
// of router state (spec §3 "Session storage: the latest payment intent and its error"). Only
// ids — never a name or e-mail — so nothing personal is written to the browser's storage either.

export const LATEST_INTENT_KEY = "ff_latest_payment_intent";
export const LATEST_INTENT_ERROR_KEY = "ff_latest_payment_intent_error";
export const PENDING_INTENT_KEY = "ff_payment_intent_pending";
export const SUCCESS_STATE_KEY = "ff_payment_success_state";

export type StoredIntent = {
  productId: string;
  quantity: number;
  clientSecret: string;
  paymentIntentId: string;
  subscriptionId?: string;
  contactId: string;
  transactionId: string;
  amount: number;
};

export type SuccessState = {
  paymentIntentId: string;
  subscriptionId?: string;
  contactId: string;
  transactionId: string;
  isProcessing: boolean;
};

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, store: StorageLike | null = storage()): T | null {
  try {
    const raw = store?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
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
    // see writeJson
  }
}

export const POLL_INTERVAL_MS = 500;
export const POLL_MAX_TRIES = 10;

export type PollOutcome =
  { kind: "intent"; intent: StoredIntent } | { kind: "error"; message: string } | { kind: "none" };

/**
 * Spec §4: when an offer page started creating the intent before navigating here (pending flag),
 * poll session storage every 500 ms, up to 10 times; stop at a stored intent or a stored error.
 */
export async function pollPendingIntent(
  matches: (intent: StoredIntent) => boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  store: StorageLike | null = storage(),
): Promise<PollOutcome> {
  for (let attempt = 0; attempt < POLL_MAX_TRIES; attempt++) {
    const error = readJson<{ message: string }>(LATEST_INTENT_ERROR_KEY, store);
    if (error) return { kind: "error", message: error.message };
    const intent = readJson<StoredIntent>(LATEST_INTENT_KEY, store);
    if (intent && matches(intent)) return { kind: "intent", intent };
    await sleep(POLL_INTERVAL_MS);
  }
  return { kind: "none" };
}

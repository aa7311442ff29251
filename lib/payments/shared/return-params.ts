// The query /payment-processing is opened with: Stripe's return_url adds payment_intent and
// payment_intent_client_secret (and redirect_status); the checkout's own link adds subscription_id.
// A client secret is "<intent id>_secret_<random>" for Stripe and the demo gateway alike, so the
// intent id is read from it and a payment_intent that disagrees makes the link garbled. Pure.

export type ReturnParams = { paymentIntentId: string; clientSecret: string };

const CLIENT_SECRET = /^(pi_[A-Za-z0-9_]{1,120}?)_secret_[A-Za-z0-9]{1,120}$/;

/** The intent id a client secret belongs to, or null when it is not a client secret. */
export function intentIdOfSecret(clientSecret: string): string | null {
  return CLIENT_SECRET.exec(clientSecret)?.[1] ?? null;
}

export function parseReturnParams(query: {
  paymentIntentId: string | null;
  clientSecret: string | null;
}): ReturnParams | null {
  const clientSecret = query.clientSecret?.trim() ?? "";
  const paymentIntentId = intentIdOfSecret(clientSecret);
  if (!paymentIntentId) return null;
  if (query.paymentIntentId && query.paymentIntentId.trim() !== paymentIntentId) return null;
  return { paymentIntentId, clientSecret };
}

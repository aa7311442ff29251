// The intent id is read from the client secret; a payment_intent that disagrees makes the link garbled.

export type ReturnParams = { paymentIntentId: string; clientSecret: string };

const CLIENT_SECRET = /^(pi_[A-Za-z0-9_]{1,120}?)_secret_[A-Za-z0-9]{1,120}$/;

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

// POST /api/stripe/webhook — Stripe events, signature-verified on the raw body; exempt from the
// origin check (Stripe is cross-site by nature), so it does not use jsonRoute.
import { ApiError, errorResponse } from "@/lib/platform/shared/api-error";
import { readRawBody } from "@/lib/platform/shared/read-body";
import { handleStripeWebhook } from "@/lib/payments/server/stripe-webhook";

// Stripe's largest events are far below this; the handler applies the same cap again.
const MAX_WEBHOOK_BYTES = 512 * 1024;

export async function POST(request: Request): Promise<Response> {
  // The body is read here, through the same capped reader as every JSON route: reading it whole
  // first (request.text()) let a chunked body with no Content-Length grow without bound, and a
  // client hanging up mid-body threw out of the handler as a 500. The bytes are handed on
  // untouched, since the signature covers the exact text.
  let raw: Buffer;
  try {
    raw = await readRawBody(request, MAX_WEBHOOK_BYTES);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  return handleStripeWebhook(
    new Request(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(raw) }),
  );
}

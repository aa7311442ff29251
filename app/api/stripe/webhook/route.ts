// POST /api/stripe/webhook — Stripe events, signature-verified on the raw body; exempt from the
// origin check (Stripe is cross-site by nature), so it does not use jsonRoute.
import { rawBodyRoute } from "@/lib/platform/server/http/raw-body-route";
import { handleStripeWebhook } from "@/lib/payments/server/stripe-webhook";

// Stripe's largest events are far below this; the handler applies the same cap again.
const MAX_WEBHOOK_BYTES = 512 * 1024;

// Read capped here: a chunked body with no Content-Length cannot grow without bound, and a client
// hanging up mid-body is a 400, not a 500.
export const POST = rawBodyRoute(MAX_WEBHOOK_BYTES, (raw, request) =>
  handleStripeWebhook(
    new Request(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(raw) }),
  ),
);

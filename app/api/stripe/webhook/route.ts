// POST /api/stripe/webhook — Stripe events, signature-verified on the raw body; exempt from the
// origin check (Stripe is cross-site by nature), so it does not use jsonRoute.
import { handleStripeWebhook } from "@/lib/payments/server/stripe-webhook";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const POST = (request: Request) => handleStripeWebhook(request);

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/stripe/webhook");

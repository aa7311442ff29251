// POST /api/stripe/webhook — Stripe events, signature-verified on the raw body; exempt from the
// origin check (Stripe is cross-site by nature), so it does not use jsonRoute.
import { handleStripeWebhook } from "@/lib/payments/stripe-webhook";

export const POST = (request: Request) => handleStripeWebhook(request);

import Stripe from "stripe";
import { startStripeDouble, type StripeDouble } from "./stripe-api";

// Stripe mode for one integration test file: starts the Stripe API double and points the app's
// configuration at it. Call before the first import of a route (configuration is read once).

const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_BASE",
];

export type StripeMode = {
  double: StripeDouble;
  /** Posts the event to the app's webhook route, signed as Stripe signs it; answers the status. */
  deliver: (event: { id: string; type: string }) => Promise<number>;
  leave: () => Promise<void>;
};

const signer = new Stripe("sk_test_signer");

export async function enterStripeMode(webhookSecret: string): Promise<StripeMode> {
  const double = await startStripeDouble();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_double",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_double",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: double.url,
  });
  return {
    double,
    deliver: async (event) => {
      // Imported at the first delivery, after the configuration above is in place.
      const { POST } = await import("@/app/api/stripe/webhook/route");
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const request = new Request("http://localhost:3000/api/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      return (await POST(request)).status;
    },
    leave: async () => {
      await double.close();
      for (const key of STRIPE_KEYS) delete process.env[key];
    },
  };
}

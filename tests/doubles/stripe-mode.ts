import { startStripeDouble, type StripeDouble } from "./stripe-api";

// Stripe mode for one integration test file: starts the Stripe API double and points the app's
// configuration at it. Call before the first import of a route (configuration is read once).

const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_BASE",
];

export type StripeMode = { double: StripeDouble; leave: () => Promise<void> };

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
    leave: async () => {
      await double.close();
      for (const key of STRIPE_KEYS) delete process.env[key];
    },
  };
}

import "server-only";
import Stripe from "stripe";
import { getConfig } from "@/lib/platform/server/config";

// STRIPE_API_BASE points it at a local Stripe test double.

let client: Stripe | undefined;

export function stripeOptionsFor(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 2 };
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === "http" ? 80 : 443)),
    protocol,
    maxNetworkRetries: 0,
  };
}

export function getStripe(): Stripe {
  const config = getConfig();
  if (!config.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  client ??= new Stripe(config.STRIPE_SECRET_KEY, stripeOptionsFor(config.STRIPE_API_BASE));
  return client;
}

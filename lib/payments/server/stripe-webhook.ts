import "server-only";
import type Stripe from "stripe";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";
import { apiErrorResponse } from "@/lib/platform/shared/api-error";
import { unstorableTextPath } from "@/lib/platform/shared/storable-text";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { orderByPayment, orderBySubscription, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { adoptUnrecordedIntent } from "@/lib/payments/server/adopt-unrecorded-intent";
import { syncStripeRenewal } from "@/lib/payments/server/stripe-renewals";
import { DISPUTE_EVENTS, syncDispute } from "@/lib/payments/server/stripe-disputes";
import { log } from "@/lib/platform/server/logger";
import { noStoreJson } from "@/lib/platform/server/http/json-route";

// Signature verified before anything is written; 5xx when processing fails so Stripe retries.
// Events only say "look at this order again": the state is re-read from Stripe.

const MAX_BYTES = 512 * 1024;

export const HANDLED_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
]);

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}

async function orderForEvent(event: Stripe.Event): Promise<OrderWithSubscription | null> {
  const byIntent = (id: string | null) => (id ? orderByPayment(id) : Promise.resolve(null));
  const bySubscription = (id: string | null) => (id ? orderBySubscription(id) : Promise.resolve(null));
  const object = event.data.object;
  switch (object.object) {
    case "payment_intent":
      return (await byIntent(object.id)) ?? (await adoptUnrecordedIntent(object));
    case "charge":
      return byIntent(
        typeof object.payment_intent === "string" ? object.payment_intent : (object.payment_intent?.id ?? null),
      );
    case "invoice":
      return bySubscription(invoiceSubscriptionId(object));
    case "subscription":
      return bySubscription(object.id);
    default:
      return null;
  }
}

function isEventShaped(event: unknown): event is Stripe.Event {
  if (typeof event !== "object" || event === null) return false;
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof id !== "string" || typeof type !== "string" || typeof data !== "object" || data === null) return false;
  const object = (data as { object?: unknown }).object;
  return typeof object === "object" && object !== null && typeof (object as { id?: unknown }).id === "string";
}

export async function handleStripeWebhook(request: Request): Promise<Response> {
  const config = getConfig();
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    return apiErrorResponse("not_found", "Stripe webhooks are not configured.");
  }
  const signature = request.headers.get("stripe-signature");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BYTES) return apiErrorResponse("payload_too_large");
  const raw = await request.text();
  if (Buffer.byteLength(raw) > MAX_BYTES) return apiErrorResponse("payload_too_large");
  if (!signature) return apiErrorResponse("missing_signature");
  let event: Stripe.Event;
  try {
    event = await getStripe().webhooks.constructEventAsync(raw, signature, config.STRIPE_WEBHOOK_SECRET);
  } catch {
    return apiErrorResponse("invalid_signature");
  }
  // A 4xx would make Stripe retry for days: signed bodies we cannot use are acknowledged, not processed.
  if (!isEventShaped(event)) return apiErrorResponse("invalid_request", "The payload is not a Stripe event.");
  if (unstorableTextPath(event)) return noStoreJson({ received: true, ignored: true });

  const db = getDb();
  try {
    if (await db.processedProviderEvent.findUnique({ where: { id: event.id } })) {
      return noStoreJson({ received: true, duplicate: true });
    }
    if (DISPUTE_EVENTS.has(event.type) && event.data.object.object === "dispute") {
      await syncDispute(event.data.object.id);
    } else if (HANDLED_EVENTS.has(event.type)) {
      const order = await orderForEvent(event);
      if (order) {
        await syncOrder(order, { forBuyer: false, failure: "Stripe could not be read" });
        const object = event.data.object;
        if (order.subscription && (object.object === "invoice" || object.object === "subscription")) {
          await syncStripeRenewal(order.subscription, object.object === "invoice" ? (object.id ?? null) : null);
        }
      }
    }
    // After processing, so a failure leaves it for Stripe's retry.
    await db.processedProviderEvent.createMany({
      data: [{ id: event.id, provider: "stripe", type: event.type }],
      skipDuplicates: true,
    });
    return noStoreJson({ received: true });
  } catch (error) {
    const reason = isDatabaseUnavailable(error)
      ? "database unavailable"
      : error instanceof Error
        ? error.name
        : "error";
    log.error(`[stripe-webhook] event ${event.id} (${event.type}) failed: ${reason}`);
    return isDatabaseUnavailable(error)
      ? apiErrorResponse("service_unavailable", "The event could not be processed. It will be retried.")
      : apiErrorResponse("processing_failed");
  }
}

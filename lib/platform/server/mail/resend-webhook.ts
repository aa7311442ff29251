import "server-only";
import { Webhook } from "standardwebhooks";
import { getConfig } from "@/lib/platform/server/config";
import { apiErrorResponse } from "@/lib/platform/shared/api-error";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { log } from "@/lib/platform/server/logger";
import { deliveryEventSchema, recordDeliveryEvent } from "@/lib/platform/server/mail/record-delivery-event";

// Resend signs its webhooks with Svix: the Standard Webhooks scheme under svix-* header names.
// The signature (and its five-minute timestamp window) is checked before anything is read.

export async function handleResendWebhook(raw: Buffer, headers: Headers): Promise<Response> {
  const secret = getConfig().RESEND_WEBHOOK_SECRET;
  if (!secret) return apiErrorResponse("not_found", "Resend webhooks are not configured.");
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signature = headers.get("svix-signature");
  if (!id || !timestamp || !signature) return apiErrorResponse("missing_signature", "Missing svix-signature headers.");
  let payload: unknown;
  try {
    payload = new Webhook(secret).verify(raw, {
      "webhook-id": id,
      "webhook-timestamp": timestamp,
      "webhook-signature": signature,
    });
  } catch {
    return apiErrorResponse("invalid_signature");
  }
  const event = deliveryEventSchema.safeParse(payload);
  // A signed body we cannot use is acknowledged, or Resend would retry it for days.
  if (!event.success) return noStoreJson({ received: true, ignored: true });
  try {
    const outcome = await recordDeliveryEvent(id.slice(0, 200), event.data);
    return noStoreJson({ received: true, ...(outcome === "recorded" ? {} : { [outcome]: true }) });
  } catch (error) {
    log.error(`[resend-webhook] ${event.data.type} ${id} failed: ${error instanceof Error ? error.name : "error"}`);
    return isDatabaseUnavailable(error)
      ? apiErrorResponse("service_unavailable", "The event could not be processed. It will be retried.")
      : apiErrorResponse("processing_failed");
  }
}

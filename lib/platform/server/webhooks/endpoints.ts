import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { isDeliverableUrl } from "@/lib/platform/server/webhooks/send-attempt";
import { isWebhookEventType, type WebhookEventType } from "@/lib/platform/shared/webhook-events";

// URLs are the operator's own choice, so private hosts are allowed (a CRM bridge); redirects are
// never followed.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export class EndpointInputError extends Error {}

export function parseEventFilter(list: string | undefined): WebhookEventType[] {
  if (!list) return [];
  const types = list
    .split(",")
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = types.filter((type) => !isWebhookEventType(type));
  if (unknown.length) throw new EndpointInputError(`unknown event type(s): ${unknown.join(", ")}`);
  return types.filter(isWebhookEventType);
}

export async function addEndpoint(url: string, events: WebhookEventType[] = []): Promise<WebhookEndpoint> {
  if (!isDeliverableUrl(url)) throw new EndpointInputError("the URL must start with https:// or http://");
  return getDb().webhookEndpoint.create({ data: { url, secret: newWebhookSecret(), events } });
}

export function listEndpoints(): Promise<WebhookEndpoint[]> {
  return getDb().webhookEndpoint.findMany({ orderBy: { createdAt: "asc" } });
}

/** Deliveries skipped while disabled are not re-sent. */
export function enableEndpoint(id: string): Promise<WebhookEndpoint> {
  return getDb().webhookEndpoint.update({
    where: { id },
    data: { enabled: true, disabledAt: null, failingSince: null },
  });
}

export function disableEndpoint(id: string): Promise<WebhookEndpoint> {
  return getDb().webhookEndpoint.update({ where: { id }, data: { enabled: false, disabledAt: new Date() } });
}

export async function removeEndpoint(id: string): Promise<void> {
  await getDb().webhookEndpoint.delete({ where: { id } });
}

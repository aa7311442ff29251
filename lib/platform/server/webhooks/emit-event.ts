import "server-only";
import { createHash } from "node:crypto";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookData, WebhookEventType, WebhookPayload } from "@/lib/platform/shared/webhook-events";
import { mayShareEvent, type EventSubject } from "@/lib/platform/server/privacy-flags";

// An outgoing webhook event is written in the transaction of its cause: the event row, one
// delivery per enabled endpoint that wants the type, and the first attempt's job. If the cause
// rolls back, receivers hear nothing; if it commits, every endpoint will get it. The id is derived
// from the type and the entity, so a replayed cause (a second webhook from Stripe, a repeated
// report) finds the event already there and sends nothing again, and receivers can deduplicate.

export type EventWriter = Pick<
  Prisma.TransactionClient,
  "webhookEvent" | "webhookEndpoint" | "webhookDelivery" | "privacyPreference" | "funnelSession" | "$queryRawUnsafe"
>;

/** The person an event's data names: its address, lead and funnel sessions. */
function eventSubject(data: WebhookData[WebhookEventType]): EventSubject {
  const sessionIds = [
    ...("contactId" in data ? [data.contactId] : []),
    ...("attribution" in data ? [data.attribution.funnelSessionId] : []),
  ];
  return { email: data.email, leadId: data.leadId, sessionIds };
}

/** `evt_` + 32 hex digits of SHA-256(type, entity id): the same cause always gets the same id. */
export function webhookEventId(type: WebhookEventType, entityId: string): string {
  return `evt_${createHash("sha256").update(`${type}\n${entityId}`).digest("hex").slice(0, 32)}`;
}

/**
 * Records the event and queues its deliveries inside `tx`; null when the event existed already, or
 * when the person it names opted out of sharing, by request or GPC (lib/platform/server/privacy-flags.ts).
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  tx: EventWriter,
  type: T,
  entityId: string,
  data: WebhookData[T],
  now = new Date(),
): Promise<string | null> {
  if (!(await mayShareEvent(tx, type, eventSubject(data)))) return null;
  const id = webhookEventId(type, entityId);
  const payload: WebhookPayload<T> = { id, type, timestamp: now.toISOString(), data };
  const { count } = await tx.webhookEvent.createMany({
    data: [{ id, type, payload, createdAt: now }],
    skipDuplicates: true,
  });
  if (count === 0) return null;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { enabled: true, OR: [{ events: { isEmpty: true } }, { events: { has: type } }] },
    select: { id: true },
  });
  for (const endpoint of endpoints) {
    const delivery = await tx.webhookDelivery.create({
      data: { eventId: id, endpointId: endpoint.id, nextAttemptAt: now },
      select: { id: true },
    });
    await sendJob(QUEUES.webhook, { deliveryId: delivery.id, attempt: 1 }, {}, tx);
  }
  return id;
}

import "server-only";
import { createHash } from "node:crypto";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookData, WebhookEventType, WebhookPayload } from "@/lib/platform/shared/webhook-events";
import { mayShareEvent, type EventSubject } from "@/lib/platform/server/privacy-flags";

// Written in the cause's transaction. The id derives from type and entity, so a replayed cause
// sends nothing again and receivers can deduplicate.

export type EventWriter = Pick<
  Prisma.TransactionClient,
  "webhookEvent" | "webhookEndpoint" | "webhookDelivery" | "privacyPreference" | "funnelSession" | "$queryRawUnsafe"
>;

function eventSubject(data: WebhookData[WebhookEventType]): EventSubject {
  const sessionIds = [
    ...("contactId" in data ? [data.contactId] : []),
    ...("attribution" in data ? [data.attribution.funnelSessionId] : []),
  ];
  return { email: data.email, leadId: data.leadId, sessionIds };
}

export function webhookEventId(type: WebhookEventType, entityId: string): string {
  return `evt_${createHash("sha256").update(`${type}\n${entityId}`).digest("hex").slice(0, 32)}`;
}

/** null when the event existed already, or the person opted out of sharing (privacy-flags.ts). */
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

import "server-only";
import { z } from "zod";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { QUEUES } from "@/lib/platform/shared/queues";
import { getDb } from "@/lib/platform/server/db";
import { sendAttempt, type AttemptResult } from "@/lib/platform/server/webhooks/send-attempt";
import { MAX_ATTEMPTS, nextAttemptAt, shouldDisable } from "@/lib/platform/shared/webhook-retry-schedule";
import { log } from "@/lib/platform/server/logger";

// Attempt, new state, failure clock and next job in one transaction, so an attempt is recorded
// with its follow-up or not at all. A crash mid-attempt repeats it; receivers deduplicate by webhook-id.

const jobData = z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1).max(MAX_ATTEMPTS) });

export const deliverWebhookJob: JobHandler = async (data) => {
  const { deliveryId, attempt } = jobData.parse(data);
  await deliverWebhook(deliveryId, attempt);
};

export type DeliveryOutcome = "sent" | "retry" | "failed" | "skipped" | "done";

export async function deliverWebhook(deliveryId: string, attempt: number): Promise<DeliveryOutcome> {
  const db = getDb();
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { endpoint: true, event: true },
  });
  if (!delivery || delivery.status !== "PENDING" || delivery.attempts >= attempt) return "done";
  if (!delivery.endpoint.enabled) {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "PENDING" },
      data: { status: "SKIPPED", nextAttemptAt: null },
    });
    return "skipped";
  }
  const at = new Date();
  const result = await sendAttempt(delivery.endpoint, delivery.event.id, JSON.stringify(delivery.event.payload), at);
  const outcome = await recordAttempt(deliveryId, delivery.endpointId, attempt, at, result);
  const where = `webhook ${delivery.event.type} ${delivery.eventId} → endpoint ${delivery.endpointId}`;
  if (outcome === "sent") log.info(`[webhooks] ${where}: delivered (attempt ${attempt})`);
  else log.warn(`[webhooks] ${where}: attempt ${attempt} failed (${result.error}); ${outcome}`);
  return outcome;
}

async function recordAttempt(
  deliveryId: string,
  endpointId: string,
  attempt: number,
  at: Date,
  result: AttemptResult,
): Promise<DeliveryOutcome> {
  return getDb().$transaction(async (tx) => {
    // A duplicate run waits here and then finds the attempt recorded.
    await tx.$queryRaw`SELECT id FROM webhook_deliveries WHERE id = ${deliveryId}::uuid FOR UPDATE`;
    await tx.$queryRaw`SELECT id FROM webhook_endpoints WHERE id = ${endpointId}::uuid FOR UPDATE`;
    const delivery = await tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    if (delivery.status !== "PENDING" || delivery.attempts >= attempt) return "done";
    const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    const finishedAt = new Date(at.getTime() + result.durationMs);
    await tx.webhookAttempt.create({
      data: {
        deliveryId,
        attempt,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        succeeded: result.succeeded,
        attemptedAt: at,
      },
    });
    if (result.succeeded) {
      await tx.webhookDelivery.update({
        where: { id: deliveryId },
        data: { status: "SUCCEEDED", attempts: attempt, nextAttemptAt: null },
      });
      if (endpoint.failingSince)
        await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { failingSince: null } });
      return "sent";
    }
    const failingSince = endpoint.failingSince ?? at;
    const disable = endpoint.enabled && shouldDisable(failingSince, finishedAt);
    await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: { failingSince, ...(disable ? { enabled: false, disabledAt: finishedAt } : {}) },
    });
    if (disable) log.warn(`[webhooks] endpoint ${endpointId} disabled: failing since ${failingSince.toISOString()}`);
    const stopped = disable || !endpoint.enabled;
    const next = stopped ? null : nextAttemptAt(attempt, finishedAt);
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { attempts: attempt, nextAttemptAt: next, status: next ? "PENDING" : stopped ? "SKIPPED" : "FAILED" },
    });
    if (!next) return stopped ? "skipped" : "failed";
    await sendJob(QUEUES.webhook, { deliveryId, attempt: attempt + 1 }, { startAfter: next }, tx);
    return "retry";
  });
}

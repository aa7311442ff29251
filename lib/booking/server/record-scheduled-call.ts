import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { boundedDateTime } from "@/lib/platform/shared/datetime";
import { bindFunnelSession, findRegisteredSession } from "@/lib/leads/server/session-store";
import { conflict } from "@/lib/platform/shared/api-error";
import { userTimezoneSchema } from "@/lib/booking/server/booking-input";
import { emitWebhookEvent } from "@/lib/platform/server/webhooks/emit-event";
import { callData } from "@/lib/platform/server/webhooks/event-data";
import { log } from "@/lib/platform/server/logger";

// Idempotent per event id: the booking widget may report twice.

export const scheduledCallSchema = z.strictObject({
  contactId: contactIdSchema,
  eventId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "eventId must be the booking event id"),
  scheduledTime: boundedDateTime.nullable().optional(),
  eventType: z.string().trim().min(1).max(100),
  userTimezone: userTimezoneSchema,
});

export type ScheduledCallInput = z.infer<typeof scheduledCallSchema>;

export async function recordScheduledCall(
  input: ScheduledCallInput,
  context: { browserId: string },
): Promise<{ scheduledCallId: string; created: boolean }> {
  const session = await bindFunnelSession({ sessionId: input.contactId, browserId: context.browserId });
  const db = getDb();
  const existing = await db.scheduledCall.findUnique({ where: { eventId: input.eventId } });
  if (existing) {
    if (existing.sessionId !== session.id) throw conflict("This booking is already recorded.", "booking_exists");
    return { scheduledCallId: existing.id, created: false };
  }
  const prospectId = session.prospectId ?? (await findRegisteredSession(context.browserId))?.prospectId ?? null;
  try {
    const row = await db.$transaction(async (tx) => {
      const call = await tx.scheduledCall.create({
        data: {
          sessionId: session.id,
          prospectId,
          eventId: input.eventId,
          scheduledTime: input.scheduledTime ? new Date(input.scheduledTime) : null,
          eventType: input.eventType,
          userTimezone: input.userTimezone,
        },
      });
      const prospect = prospectId
        ? await tx.prospect.findUnique({ where: { id: prospectId }, select: { id: true, name: true, email: true } })
        : null;
      await emitWebhookEvent(tx, "call.scheduled", call.eventId, callData(call, prospect, "booking_widget"));
      return call;
    });
    log.info(`[scheduled-call] recorded ${row.id} for session ${session.id}`);
    return { scheduledCallId: row.id, created: true };
  } catch (error) {
    // Two reports racing: the loser answers like a repeat.
    const again = await db.scheduledCall.findUnique({ where: { eventId: input.eventId } });
    if (again && again.sessionId === session.id) return { scheduledCallId: again.id, created: false };
    throw error;
  }
}

import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { suppressAddress } from "@/lib/platform/server/mail/suppression-list";

// Resend's delivery events for messages this app sent. A permanent bounce or a complaint puts the
// address on the suppression list, so no marketing message goes to it again.

const RECORDED = {
  "email.delivered": "delivered",
  "email.delivery_delayed": "delivery_delayed",
  "email.bounced": "bounced",
  "email.complained": "complained",
  "email.opened": "opened",
  "email.clicked": "clicked",
} as const;

export const deliveryEventSchema = z.object({
  type: z.string().max(100),
  created_at: z.string().max(40),
  data: z.object({
    email_id: z.string().min(1).max(200),
    bounce: z.object({ type: z.string().max(40).optional() }).optional(),
  }),
});

export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;
export type DeliveryOutcome = "recorded" | "duplicate" | "ignored";

function recordedType(type: string): (typeof RECORDED)[keyof typeof RECORDED] | null {
  return Object.hasOwn(RECORDED, type) ? RECORDED[type as keyof typeof RECORDED] : null;
}

export async function recordDeliveryEvent(eventId: string, event: DeliveryEvent): Promise<DeliveryOutcome> {
  const type = recordedType(event.type);
  if (!type) return "ignored";
  const db = getDb();
  // Another application may share the Resend account: its messages are not ours to record.
  const email = await db.outgoingEmail.findFirst({
    where: { providerId: event.data.email_id },
    select: { id: true, recipient: true },
  });
  if (!email) return "ignored";
  const occurredAt = new Date(event.created_at);
  const bounceType = type === "bounced" ? (event.data.bounce?.type ?? "Undetermined") : null;
  const { count } = await db.emailDeliveryEvent.createMany({
    data: [
      {
        providerEventId: eventId,
        emailId: email.id,
        type,
        bounceType,
        occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt,
      },
    ],
    skipDuplicates: true,
  });
  if (bounceType === "Permanent") await suppressAddress(email.recipient, "HARD_BOUNCE");
  if (type === "complained") await suppressAddress(email.recipient, "COMPLAINT");
  return count === 1 ? "recorded" : "duplicate";
}

/** An unsubscribe from the link in one of our messages, kept beside Resend's events; once per message. */
export async function recordUnsubscribeEvent(emailId: string, at = new Date()): Promise<void> {
  const db = getDb();
  if ((await db.outgoingEmail.count({ where: { id: emailId } })) === 0) return;
  await db.emailDeliveryEvent.createMany({
    data: [{ providerEventId: `unsubscribe/${emailId}`, emailId, type: "unsubscribed", occurredAt: at }],
    skipDuplicates: true,
  });
}

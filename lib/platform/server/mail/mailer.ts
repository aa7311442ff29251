import "server-only";
import { z } from "zod";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { withUnsubscribe } from "@/lib/platform/server/mail/unsubscribe-footer";
import { emailKind } from "@/lib/platform/shared/email-kinds";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// Outgoing e-mail is a row in outgoing_emails plus a job on the e-mail queue, written in the same
// transaction as whatever caused it (a purchase, a registration, a booking): if that commits, the
// message will be sent by a worker (lib/platform/server/mail/deliver-email.ts), retried on failure; if it
// rolls back, neither exists. Callers never wait on a provider. Attachments are text (a calendar
// invitation), kept on the row as they are sent, so the outbox shows them too. Marketing
// templates (lib/platform/shared/email-kinds.ts) get their unsubscribe footer and List-Unsubscribe
// headers here, also kept on the row, so the outbox shows exactly what a provider would send.

const attachmentSchema = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });
export type EmailAttachment = z.infer<typeof attachmentSchema>;

/** The attachments stored on an outgoing_emails row. */
export function storedAttachments(value: unknown): EmailAttachment[] {
  return z.array(attachmentSchema).parse(value);
}

/** The extra headers stored on an outgoing_emails row. */
export function storedHeaders(value: unknown): Record<string, string> {
  return z.record(z.string(), z.string()).parse(value);
}

export type EmailMessage = {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  prospectId?: string;
  orderId?: string;
  attachments?: EmailAttachment[];
};

export type MailWriter = Pick<Prisma.TransactionClient, "outgoingEmail" | "$queryRawUnsafe">;

/** Stores the message and queues its delivery, inside `tx` when given; returns the row's id. */
export async function enqueueEmail(message: EmailMessage, tx?: MailWriter): Promise<string> {
  if (!tx) return getDb().$transaction((own) => enqueueEmail(message, own));
  const { html, text, headers } =
    emailKind(message.template) === "marketing"
      ? await withUnsubscribe(message)
      : { html: message.html, text: message.text, headers: {} };
  const row = await tx.outgoingEmail.create({
    data: {
      template: message.template,
      recipient: message.to,
      subject: message.subject,
      html,
      text,
      attachments: message.attachments ?? [],
      headers,
      prospectId: message.prospectId,
      orderId: message.orderId,
    },
    select: { id: true },
  });
  await queueDelivery(row.id, tx);
  return row.id;
}

/** A delivery job for an existing row (also used by the sweep to re-queue a stuck message). */
export async function queueDelivery(emailId: string, tx?: MailWriter): Promise<void> {
  await sendJob(QUEUES.email, { emailId }, {}, tx);
}

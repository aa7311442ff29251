import "server-only";
import { z } from "zod";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { withUnsubscribe } from "@/lib/platform/server/mail/unsubscribe-footer";
import { emailKind } from "@/lib/platform/shared/email-kinds";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// An e-mail is a row plus a queue job written in the caller's transaction: sent if it commits,
// gone if it rolls back. Callers never wait on a provider. The row keeps exactly what a provider
// would get, unsubscribe footer and headers included (docs/product.md#e-mail-law).

const attachmentSchema = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });
export type EmailAttachment = z.infer<typeof attachmentSchema>;

export function storedAttachments(value: unknown): EmailAttachment[] {
  return z.array(attachmentSchema).parse(value);
}

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

/** Also used by the sweep to re-queue a stuck message. */
export async function queueDelivery(emailId: string, tx?: MailWriter): Promise<void> {
  await sendJob(QUEUES.email, { emailId }, {}, tx);
}

import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { withUnsubscribe } from "@/lib/platform/server/mail/unsubscribe-footer";
import { withTrackedLinks } from "@/lib/platform/server/mail/track-clicks";
import { carriesSecretLink, emailKind } from "@/lib/platform/shared/email-kinds";
import {
  attachmentSchema,
  headersSchema,
  openEmailBody,
  sealEmailBody,
  type EmailBody,
} from "@/lib/platform/server/mail/seal-email-body";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// An e-mail is a row plus a queue job written in the caller's transaction: sent if it commits,
// gone if it rolls back. Callers never wait on a provider. The row keeps exactly what a provider
// would get, unsubscribe footer and headers included (docs/product.md#e-mail-law); sealed when its
// template carries a secret link (docs/decisions/0014-sealed-secret-link-emails.md).

export type EmailAttachment = z.infer<typeof attachmentSchema>;

export function storedAttachments(value: unknown): EmailAttachment[] {
  return z.array(attachmentSchema).parse(value);
}

export function storedHeaders(value: unknown): Record<string, string> {
  return headersSchema.parse(value);
}

export type StoredEmail = {
  id: string;
  html: string;
  text: string;
  attachments: unknown;
  headers: unknown;
  sealedBody: string | null;
};

/** The message as a provider gets it: the supported way to read an outbox row, sealed or not. */
export function storedBody(email: StoredEmail): EmailBody {
  if (email.sealedBody !== null) return openEmailBody(email.id, email.sealedBody);
  return {
    html: email.html,
    text: email.text,
    attachments: storedAttachments(email.attachments),
    headers: storedHeaders(email.headers),
  };
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
  /** A message that must exist once: a second enqueue with the key fails (and rolls its transaction back). */
  idempotencyKey?: string;
  /** The lifecycle sequence step the message is for (per-step statistics). */
  sequenceStepId?: string;
  /** The broadcast the message is for (per-broadcast statistics). */
  broadcastId?: string;
};

export type MailWriter = Pick<Prisma.TransactionClient, "outgoingEmail" | "$queryRawUnsafe">;

export async function enqueueEmail(message: EmailMessage, tx?: MailWriter): Promise<string> {
  if (!tx) return getDb().$transaction((own) => enqueueEmail(message, own));
  const id = randomUUID();
  const { html, text, headers } =
    emailKind(message.template) === "marketing"
      ? await withUnsubscribe({ ...message, ...(await withTrackedLinks(message, id, tx)) }, id)
      : { html: message.html, text: message.text, headers: {} };
  const body: EmailBody = { html, text, attachments: message.attachments ?? [], headers };
  const sealed = carriesSecretLink(message.template);
  const row = await tx.outgoingEmail.create({
    data: {
      id,
      template: message.template,
      recipient: message.to,
      subject: message.subject,
      ...(sealed ? { html: "", text: "", attachments: [], headers: {}, sealedBody: sealEmailBody(id, body) } : body),
      prospectId: message.prospectId,
      orderId: message.orderId,
      idempotencyKey: message.idempotencyKey,
      sequenceStepId: message.sequenceStepId,
      broadcastId: message.broadcastId,
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

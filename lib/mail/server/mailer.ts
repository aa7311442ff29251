import "server-only";
import { Resend } from "resend";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { describeError } from "@/lib/platform/shared/describe-error";
import type { Prisma } from "@/lib/generated/prisma/client";

// Outgoing e-mail in two steps, so callers never wait on a provider: enqueueEmail() writes the
// rendered message (inside the caller's transaction when given one), deliverEmail() sends it
// after the response — through Resend when configured, otherwise into the outbox (status
// LOGGED). A failed send is recorded on the row and logged; it never throws. Attachments are
// text (a calendar invitation), kept on the row as they are sent, so the outbox shows them too.

const attachmentSchema = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });
export type EmailAttachment = z.infer<typeof attachmentSchema>;

/** The attachments stored on an outgoing_emails row. */
export function storedAttachments(value: unknown): EmailAttachment[] {
  return z.array(attachmentSchema).parse(value);
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

type Writer = Pick<Prisma.TransactionClient, "outgoingEmail">;

export async function enqueueEmail(message: EmailMessage, db: Writer = getDb()): Promise<string> {
  const row = await db.outgoingEmail.create({
    data: {
      template: message.template,
      recipient: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments ?? [],
      prospectId: message.prospectId,
      orderId: message.orderId,
    },
    select: { id: true },
  });
  return row.id;
}

let resend: Resend | undefined;
function resendClient(apiKey: string, baseUrl: string | undefined): Resend {
  resend ??= new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return resend;
}

export async function deliverEmail(id: string): Promise<void> {
  const db = getDb();
  try {
    // Claim the row so two deliveries of the same message cannot both send it.
    const claimed = await db.outgoingEmail.updateMany({
      where: { id, status: "QUEUED" },
      data: { status: "SENDING" },
    });
    if (claimed.count === 0) return;
    const email = await db.outgoingEmail.findUniqueOrThrow({ where: { id } });
    const config = getConfig();
    if (!config.RESEND_API_KEY) {
      await db.outgoingEmail.update({ where: { id }, data: { status: "LOGGED", error: null, sentAt: new Date() } });
      console.log(`[mail] outbox: ${email.template} e-mail ${id} stored (no RESEND_API_KEY)`);
      return;
    }
    const attachments = storedAttachments(email.attachments).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.content, "utf8"),
    }));
    const { data, error } = await resendClient(config.RESEND_API_KEY, config.RESEND_BASE_URL).emails.send({
      from: config.EMAIL_FROM,
      to: email.recipient,
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(attachments.length ? { attachments } : {}),
    });
    if (error || !data) throw new Error(error?.message ?? "no response from Resend");
    await db.outgoingEmail.update({
      where: { id },
      data: { status: "SENT", providerId: data.id, error: null, sentAt: new Date() },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The reason stays on the row for operators; provider messages can quote the address.
    console.warn(`[mail] e-mail ${id} failed: ${describeError(error)}`);
    await db.outgoingEmail
      .update({ where: { id }, data: { status: "FAILED", error: reason.slice(0, 500) } })
      .catch(() => undefined);
  }
}

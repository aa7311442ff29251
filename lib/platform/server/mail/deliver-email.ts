import "server-only";
import { Resend } from "resend";
import { z } from "zod";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { storedBody } from "@/lib/platform/server/mail/mailer";
import { isSuppressed } from "@/lib/platform/server/mail/suppression-list";
import { emailKind } from "@/lib/platform/shared/email-kinds";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { describeError } from "@/lib/platform/shared/describe-error";
import { log } from "@/lib/platform/server/logger";

// Safe to run more than once: settled rows are left alone and Resend gets an idempotency key per
// message. Suppression is checked right before sending, so an unsubscribe after enqueue counts.
// A sealed body is dropped once settled (Resend has it, or it never goes); the outbox keeps it, as
// there it is the delivery.

const DONE = new Set(["SENT", "LOGGED", "FAILED", "SUPPRESSED"]);

const jobData = z.object({ emailId: z.uuid() });

let resend: Resend | undefined;
function resendClient(apiKey: string, baseUrl: string | undefined): Resend {
  resend ??= new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return resend;
}

export const deliverEmailJob: JobHandler = async (data, job) => {
  const { emailId } = jobData.parse(data);
  await deliverEmail(emailId, { finalAttempt: job.retryCount >= job.retryLimit });
};

export async function deliverEmail(
  id: string,
  attempt: { finalAttempt: boolean } = { finalAttempt: true },
): Promise<void> {
  const db = getDb();
  const email = await db.outgoingEmail.findUnique({ where: { id } });
  if (!email || DONE.has(email.status)) return;
  if (emailKind(email.template) === "marketing" && (await isSuppressed(email.recipient))) {
    await db.outgoingEmail.update({ where: { id }, data: { status: "SUPPRESSED", error: null, sealedBody: null } });
    log.info(`[mail] ${email.template} e-mail ${id} not sent: the address unsubscribed`);
    return;
  }
  await db.outgoingEmail.update({
    where: { id },
    data: { status: "SENDING", sendingAt: new Date(), attempts: { increment: 1 } },
  });
  try {
    const config = getConfig();
    if (!config.RESEND_API_KEY) {
      await db.outgoingEmail.update({ where: { id }, data: { status: "LOGGED", error: null, sentAt: new Date() } });
      log.info(`[mail] outbox: ${email.template} e-mail ${id} stored (no RESEND_API_KEY)`);
      return;
    }
    const body = storedBody(email);
    const attachments = body.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.content, "utf8"),
    }));
    const headers = body.headers;
    const { data, error } = await resendClient(config.RESEND_API_KEY, config.RESEND_BASE_URL).emails.send(
      {
        from: config.EMAIL_FROM,
        to: email.recipient,
        subject: email.subject,
        html: body.html,
        text: body.text,
        ...(attachments.length ? { attachments } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
      },
      { idempotencyKey: `outgoing-email/${id}` },
    );
    if (error || !data) throw new Error(error?.message ?? "no response from Resend");
    await db.outgoingEmail.update({
      where: { id },
      data: { status: "SENT", providerId: data.id, error: null, sentAt: new Date(), sealedBody: null },
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    // Provider messages can quote the address.
    log.warn(
      `[mail] e-mail ${id} failed${attempt.finalAttempt ? " for good" : ", will retry"}: ${describeError(error)}`,
    );
    await db.outgoingEmail
      .update({
        where: { id },
        data: attempt.finalAttempt
          ? { status: "FAILED", error: reason, sealedBody: null }
          : { status: "QUEUED", error: reason },
      })
      .catch(() => undefined);
    throw error;
  }
}

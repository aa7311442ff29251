import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { isSuppressed } from "@/lib/platform/server/mail/suppression-list";
import { WELCOME_SUBJECT } from "@/lib/emails/welcome-email";
import { renderWelcomeEmail, welcomeParams, WELCOME_TEMPLATE } from "@/lib/leads/server/welcome-email";
import { auditLead, lockLead, type LeadActor } from "@/lib/leads/server/lead-actor";

// An operator's resend. The welcome e-mail is transactional, yet a lead who unsubscribed asked for
// no more mail from us, so a person's resend is refused; and one an hour, so a double click sends one.

export const RESEND_WELCOME_AFTER_MS = 60 * 60 * 1000;

export async function resendWelcomeEmail(
  leadId: string,
  actor: LeadActor,
  now = new Date(),
): Promise<{ emailId: string }> {
  const lead = await getDb().prospect.findUnique({ where: { id: leadId } });
  if (!lead) throw new ApiError("not_found", "No lead has this id. It may have been erased.");
  if (await isSuppressed(lead.email)) throw new ApiError("lead_unsubscribed");
  const { html, text } = await renderWelcomeEmail(welcomeParams(lead));
  return getDb().$transaction(async (tx) => {
    await lockLead(tx, leadId);
    const recent = await tx.outgoingEmail.count({
      where: {
        prospectId: leadId,
        template: WELCOME_TEMPLATE,
        status: { not: "FAILED" },
        createdAt: { gte: new Date(now.getTime() - RESEND_WELCOME_AFTER_MS) },
      },
    });
    if (recent > 0)
      throw new ApiError("rate_limited", "A welcome e-mail went to this lead less than an hour ago. Try again later.");
    const emailId = await enqueueEmail(
      { template: WELCOME_TEMPLATE, to: lead.email, subject: WELCOME_SUBJECT, html, text, prospectId: leadId },
      tx,
    );
    await auditLead(tx, actor, leadId, "lead.welcome_resend", { emailId });
    return { emailId };
  });
}

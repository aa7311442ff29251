import "server-only";
import { describeError } from "@/lib/platform/shared/describe-error";
import { createElement } from "react";
import { render } from "@react-email/render";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import type { Registration } from "@/lib/leads/server/register-prospect";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { WELCOME_SUBJECT, WelcomeEmail, type WelcomeEmailParams } from "@/lib/emails/welcome-email";
import { log } from "@/lib/platform/server/logger";
import { DAY_MS } from "@/lib/shared/dates";

// Failures are logged and swallowed: the funnel must go on.

export const WELCOME_TEMPLATE = "welcome";
/** The welcome e-mail with the link that confirms an opt-in from a browser the lead does not know. */
export const WELCOME_CONFIRM_TEMPLATE = "welcome-confirm";
/** So a form cannot be used to flood an inbox. */
const RESEND_AFTER_MS = DAY_MS;
const CONFIRMS_PER_DAY = 3;

export function welcomeParams(
  contact: Registration["contact"],
  confirmToken: string | null = null,
): WelcomeEmailParams {
  const { SITE_URL } = getConfig();
  return {
    to_email: contact.email,
    to_name: contact.name,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: contact.name,
    downloadUrl: `${SITE_URL}/free-download`,
    ...(confirmToken ? { confirmUrl: `${SITE_URL}/confirm-email?token=${confirmToken}` } : {}),
  };
}

export async function renderWelcomeEmail(params: WelcomeEmailParams): Promise<{ html: string; text: string }> {
  const element = createElement(WelcomeEmail, params);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

export async function queueWelcomeEmail(registration: Registration, now = new Date()): Promise<string | null> {
  const { prospect, contact, confirmToken } = registration;
  const template = confirmToken ? WELCOME_CONFIRM_TEMPLATE : WELCOME_TEMPLATE;
  try {
    const recent = await getDb().outgoingEmail.count({
      where: {
        prospectId: prospect.id,
        template,
        status: { not: "FAILED" },
        createdAt: { gte: new Date(now.getTime() - RESEND_AFTER_MS) },
      },
    });
    if (recent >= (confirmToken ? CONFIRMS_PER_DAY : 1)) return null;
    const { html, text } = await renderWelcomeEmail(welcomeParams(contact, confirmToken));
    return await enqueueEmail({
      template,
      to: prospect.email,
      subject: WELCOME_SUBJECT,
      html,
      text,
      prospectId: prospect.id,
    });
  } catch (error) {
    log.warn(`[mail] welcome e-mail for prospect ${prospect.id} not queued: ${describeError(error)}`);
    return null;
  }
}

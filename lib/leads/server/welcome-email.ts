import "server-only";
import { describeError } from "@/lib/platform/shared/describe-error";
import { createElement } from "react";
import { render } from "@react-email/render";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import type { Prospect } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { WELCOME_SUBJECT, WelcomeEmail, type WelcomeEmailParams } from "@/lib/emails/welcome-email";
import { log } from "@/lib/platform/server/logger";
import { DAY_MS } from "@/lib/shared/dates";

// Failures are logged and swallowed: the funnel must go on.

export const WELCOME_TEMPLATE = "welcome";
/** So a form cannot be used to flood an inbox. */
const RESEND_AFTER_MS = DAY_MS;

export function welcomeParams(
  prospect: Pick<Prospect, "email" | "name" | "firstName" | "lastName">,
): WelcomeEmailParams {
  return {
    to_email: prospect.email,
    to_name: prospect.name,
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    fullName: prospect.name,
    downloadUrl: `${getConfig().SITE_URL}/free-download`,
  };
}

export async function renderWelcomeEmail(params: WelcomeEmailParams): Promise<{ html: string; text: string }> {
  const element = createElement(WelcomeEmail, params);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

export async function queueWelcomeEmail(prospect: Prospect, now = new Date()): Promise<string | null> {
  try {
    const recent = await getDb().outgoingEmail.findFirst({
      where: {
        prospectId: prospect.id,
        template: WELCOME_TEMPLATE,
        status: { not: "FAILED" },
        createdAt: { gte: new Date(now.getTime() - RESEND_AFTER_MS) },
      },
      select: { id: true },
    });
    if (recent) return null;
    const { html, text } = await renderWelcomeEmail(welcomeParams(prospect));
    return await enqueueEmail({
      template: WELCOME_TEMPLATE,
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

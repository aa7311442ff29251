import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import {
  OperatorSecurityNotice,
  operatorSecurityNoticeSubject,
  type OperatorSecurityChange,
} from "@/lib/emails/operator-security-notice";
import { getConfig } from "@/lib/platform/server/config";
import { enqueueEmail, type MailWriter } from "@/lib/platform/server/mail/mailer";

/** Queues the security notice to the operator; in `tx` when given, so it commits with the change. */
export async function notifyOperator(
  to: { email: string; name: string },
  change: OperatorSecurityChange,
  ip: string | null,
  tx?: MailWriter,
  now = new Date(),
): Promise<void> {
  const { PROVIDER_NAME } = getConfig();
  const when = `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const element = createElement(OperatorSecurityNotice, {
    name: to.name,
    change,
    when,
    ip,
    providerName: PROVIDER_NAME,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  await enqueueEmail(
    {
      template: "operator-security-notice",
      to: to.email,
      subject: operatorSecurityNoticeSubject(change, PROVIDER_NAME),
      html,
      text,
    },
    tx,
  );
}

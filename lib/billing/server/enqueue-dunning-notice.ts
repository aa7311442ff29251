import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DunningNoticeEmail, dunningNoticeSubject, type DunningNoticeParams } from "@/lib/emails/dunning-notice";
import { splitName } from "@/lib/leads/shared/name";
import { getConfig } from "@/lib/platform/server/config";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { formatUsd } from "@/lib/shared/money";
import { cardUpdateUrl } from "@/lib/billing/server/card-update-link";
import { billingDate } from "@/lib/billing/shared/billing-rules";
import { DUNNING_SCHEDULE, dunningEndsAt, type DunningStep } from "@/lib/billing/shared/dunning-schedule";

// One dunning step's e-mail, in the step's transaction: the outbox key (case, step) makes a second
// copy impossible even if the step's own lock were bypassed.

export type NoticeCase = {
  id: string;
  subscriptionId: string;
  openedAt: Date;
  amount: number;
  order: { id: string; email: string; name: string; productName: string; prospectId: string | null };
};

export const dunningEmailKey = (caseId: string, step: number) => `dunning:${caseId}:${step}`;

export async function enqueueDunningNotice(
  tx: Prisma.TransactionClient,
  dunning: NoticeCase,
  stepIndex: number,
  step: DunningStep,
): Promise<string> {
  const { PROVIDER_NAME, PROVIDER_EMAIL } = getConfig();
  const params: DunningNoticeParams = {
    kind: step.notice,
    firstName: splitName(dunning.order.name).firstName,
    productName: dunning.order.productName,
    amountLabel: formatUsd(dunning.amount),
    accessEndsLabel: billingDate(dunningEndsAt(dunning.openedAt)),
    retriesLeft: DUNNING_SCHEDULE.slice(stepIndex + 1).some((s) => s.retry),
    cardUpdateUrl: cardUpdateUrl(dunning.subscriptionId),
    providerName: PROVIDER_NAME,
    providerEmail: PROVIDER_EMAIL,
  };
  const element = createElement(DunningNoticeEmail, params);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return enqueueEmail(
    {
      template: "dunning-notice",
      to: dunning.order.email,
      subject: dunningNoticeSubject(params),
      html,
      text,
      orderId: dunning.order.id,
      prospectId: dunning.order.prospectId ?? undefined,
      idempotencyKey: dunningEmailKey(dunning.id, stepIndex),
    },
    tx,
  );
}

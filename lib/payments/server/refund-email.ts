import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { getConfig } from "@/lib/platform/server/config";
import { splitName } from "@/lib/leads/shared/name";
import type { Order } from "@/lib/generated/prisma/client";
import { enqueueEmail, type MailWriter } from "@/lib/platform/server/mail/mailer";
import { RefundConfirmation } from "@/lib/emails/refund-confirmation";
import { formatUsd } from "@/lib/shared/money";

// Queued in the transaction that records the refund.

export async function enqueueRefundEmail(
  tx: MailWriter,
  order: Order,
  refund: { amount: number; refundedTotal: number; fullyRefunded: boolean; seatsLeft?: number },
): Promise<string> {
  const config = getConfig();
  const element = createElement(RefundConfirmation, {
    firstName: splitName(order.name).firstName,
    productName: order.productName,
    amountLabel: formatUsd(refund.amount),
    refundedTotalLabel: formatUsd(refund.refundedTotal),
    fullyRefunded: refund.fullyRefunded,
    seatsLeft: refund.seatsLeft ?? null,
    transactionId: order.id,
    providerName: config.PROVIDER_NAME,
    providerEmail: config.PROVIDER_EMAIL,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return enqueueEmail(
    {
      template: "refund-confirmation",
      to: order.email,
      subject: `Your ${order.productName} refund of ${formatUsd(refund.amount)}`,
      html,
      text,
      prospectId: order.prospectId ?? undefined,
      orderId: order.id,
    },
    tx,
  );
}

import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { splitName } from "@/lib/leads/shared/name";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { CheckoutRecovery, checkoutRecoverySubject } from "@/lib/emails/checkout-recovery";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { withSubscription, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { RECOVERY_LINK_DAYS, recoveryLink } from "@/lib/payments/server/recovery-token";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { formatUsd } from "@/lib/shared/money";
import { log } from "@/lib/platform/server/logger";
import { DAY_MS } from "@/lib/shared/dates";

// Abandoned checkout recovery (docs/operations.md#e-mail). orders.created_at is when the buyer
// gave their e-mail. Suppressed addresses are refused at delivery.

/** A day late (workers down, a fresh deploy): not sent at all. */
const LATE_LIMIT_MS = DAY_MS;
const PAGE = 100;
/** Paged, so orders skipped run after run cannot hold back newer ones. */
const MAX_PER_RUN = 1000;

export type RecoveryCounts = { due: number; sent: number; skipped: number; errors: number };

function dueWhere(now: Date) {
  const { CHECKOUT_RECOVERY_MINUTES, CHECKOUT_RECOVERY_SECOND_HOURS } = getConfig();
  const first = now.getTime() - CHECKOUT_RECOVERY_MINUTES * 60 * 1000;
  const window = (at: number) => ({ lte: new Date(at), gt: new Date(at - LATE_LIMIT_MS) });
  const second = CHECKOUT_RECOVERY_SECOND_HOURS
    ? [{ recoveryEmails: 1, recoveryEmailedAt: window(now.getTime() - CHECKOUT_RECOVERY_SECOND_HOURS * 3_600_000) }]
    : [];
  return {
    status: { in: ["PENDING" as const, "FAILED" as const] },
    fulfilledAt: null,
    providerPaymentId: { not: null },
    OR: [{ recoveryEmails: 0, createdAt: window(first) }, ...second],
  };
}

export async function sendRecoveryEmails(now = new Date()): Promise<RecoveryCounts> {
  const counts: RecoveryCounts = { due: 0, sent: 0, skipped: 0, errors: 0 };
  let after: { createdAt: Date; id: string } | null = null;
  while (counts.due < MAX_PER_RUN) {
    const page: OrderWithSubscription[] = await getDb().order.findMany({
      where: {
        ...dueWhere(now),
        ...(after
          ? {
              AND: [
                { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: PAGE,
      include: withSubscription,
    });
    for (const order of page) {
      counts.due += 1;
      try {
        if (await remindOne(order, now)) counts.sent += 1;
        else counts.skipped += 1;
      } catch (error) {
        counts.errors += 1;
        log.warn(`[recovery] order ${order.id}: ${error instanceof Error ? error.name : "error"}`);
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  return counts;
}

async function remindOne(order: OrderWithSubscription, now: Date): Promise<boolean> {
  const bought = await getDb().order.findFirst({
    where: { email: order.email, productId: order.productId, fulfilledAt: { not: null } },
    select: { id: true },
  });
  if (bought) return false;
  // A lost webhook means our row may not know of a payment yet: ask the provider first.
  const { paid, state } = await syncOrder(order, { forBuyer: false, failure: "Recovery check failed" });
  if (paid || state.status === "processing" || state.status === "succeeded") return false;

  const config = getConfig();
  const element = createElement(CheckoutRecovery, {
    firstName: splitName(order.name).firstName,
    productName: order.productName,
    totalLabel: formatUsd(order.totalAmount),
    resumeUrl: recoveryLink(order.id, now),
    linkDays: RECOVERY_LINK_DAYS,
    providerName: config.PROVIDER_NAME,
    providerEmail: config.PROVIDER_EMAIL,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return getDb().$transaction(async (tx) => {
    // Under the row lock fulfilOrder takes too: an order paid, cancelled or reminded since the read is skipped.
    const { count } = await tx.order.updateMany({
      where: {
        id: order.id,
        status: { in: ["PENDING", "FAILED"] },
        fulfilledAt: null,
        recoveryEmails: order.recoveryEmails,
      },
      data: { recoveryEmails: { increment: 1 }, recoveryEmailedAt: now },
    });
    if (count === 0) return false;
    const fresh = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { email: true } });
    await enqueueEmail(
      {
        template: "checkout-recovery",
        // The buyer may have corrected it after this run read the row.
        to: fresh.email,
        subject: checkoutRecoverySubject(order.productName),
        html,
        text,
        prospectId: order.prospectId ?? undefined,
        orderId: order.id,
      },
      tx,
    );
    return true;
  });
}

export const checkoutRecoveryJob: JobHandler = async () => {
  const counts = await sendRecoveryEmails();
  log.info(
    `[recovery] ${counts.due} unpaid orders due, ${counts.sent} recovery e-mails queued, ` +
      `${counts.skipped} skipped (paid or changed), ${counts.errors} errors`,
  );
};

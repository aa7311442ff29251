import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { splitName } from "@/lib/leads/shared/name";
import { PurchaseConfirmation } from "@/lib/emails/purchase-confirmation";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import type { Order, Prisma } from "@/lib/generated/prisma/client";
import { signHandoffToken } from "@/lib/payments/server/handoff-token";
import { formatUsd } from "@/lib/shared/money";
import { generatePassword, hashPassword } from "@/lib/payments/server/password";
import { emitWebhookEvent, type EventWriter } from "@/lib/platform/server/webhooks/emit-event";
import { orderData } from "@/lib/platform/server/webhooks/event-data";

// Exactly-once fulfilment: the order row lock makes the first caller issue the account, token
// and e-mail. The buyer's first success call sets a new password when the webhook came first
// (nobody saw that one).

export type Fulfilment = {
  transactionId: string;
  loginEmail: string;
  productPurchased: string;
  seatsCount: number;
  token: string;
  password?: string;
  emailId?: string;
};

export const CREDENTIALS_ISSUED_MESSAGE =
  "Payment successful. Your account credentials were already issued; use the password shown when your payment completed.";
export const CREDENTIALS_NEW_MESSAGE = "Payment successful. Your account has been created.";

async function purchaseEmail(order: Order) {
  const config = getConfig();
  const element = createElement(PurchaseConfirmation, {
    firstName: splitName(order.name).firstName,
    productName: order.productName,
    seats: order.quantity,
    totalLabel: formatUsd(order.totalAmount),
    loginEmail: order.email,
    transactionId: order.id,
    isSubscription: order.isSubscription,
    providerName: config.PROVIDER_NAME,
    providerEmail: config.PROVIDER_EMAIL,
    billingUrl: `${config.SITE_URL}/billing`,
  });
  return { html: await render(element), text: await render(element, { plainText: true }) };
}

export type FulfilOptions = {
  finalStatus?: "SUCCEEDED" | "REFUNDED";
  forBuyer: boolean;
};

/** Caller has verified with the gateway that the order is paid in full. */
export async function fulfilOrder(orderId: string, options: FulfilOptions): Promise<Fulfilment> {
  const { finalStatus = "SUCCEEDED", forBuyer } = options;
  const db = getDb();
  const snapshot = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { account: true, handoffTokens: { orderBy: { issuedAt: "desc" }, take: 1 } },
  });
  // Replays of a fulfilled order skip the lock, the hashing and the rendering.
  const owesPassword = (account: { passwordShownAt: Date | null } | null) =>
    forBuyer && account !== null && account.passwordShownAt === null;
  if (
    snapshot.account &&
    !owesPassword(snapshot.account) &&
    stillValid(snapshot.handoffTokens[0]) &&
    (finalStatus !== "REFUNDED" || snapshot.status === "REFUNDED")
  ) {
    return {
      transactionId: snapshot.id,
      loginEmail: snapshot.account.loginEmail,
      productPurchased: snapshot.account.productPurchased,
      seatsCount: snapshot.account.seatsCount,
      token: await recordedToken(snapshot, snapshot.handoffTokens[0]),
    };
  }
  // Keeps the lock short.
  const password = generatePassword();
  const [passwordHash, email] = await Promise.all([hashPassword(password), purchaseEmail(snapshot)]);

  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
      const order = await tx.order.findUniqueOrThrow({
        where: { id: orderId },
        include: { account: true, handoffTokens: { orderBy: { issuedAt: "desc" }, take: 1 } },
      });
      if (order.account) {
        if (order.status !== finalStatus && finalStatus === "REFUNDED") {
          const refunded = await tx.order.update({ where: { id: orderId }, data: { status: finalStatus } });
          await emitRefunded(tx, refunded);
        }
        // The token lives 15 minutes: a later visit gets a fresh one rather than a dead link.
        const latest = order.handoffTokens[0];
        const token = latest && stillValid(latest) ? await recordedToken(order, latest) : await issueToken(tx, order);
        const reveal = owesPassword(order.account);
        if (reveal) {
          await tx.issuedAccount.update({
            where: { id: order.account.id },
            data: { passwordHash, passwordShownAt: new Date() },
          });
        }
        return {
          transactionId: order.id,
          loginEmail: order.account.loginEmail,
          productPurchased: order.account.productPurchased,
          seatsCount: order.account.seatsCount,
          token,
          ...(reveal ? { password } : {}),
        };
      }
      const paid = await tx.order.update({
        where: { id: orderId },
        data: { status: finalStatus, fulfilledAt: new Date(), failureMessage: null },
      });
      await emitWebhookEvent(tx, "order.paid", orderId, { ...orderData(paid), paidAt: isoOf(paid.fulfilledAt) });
      if (finalStatus === "REFUNDED") await emitRefunded(tx, paid);
      const account = await tx.issuedAccount.create({
        data: {
          orderId,
          loginEmail: order.email,
          passwordHash,
          productPurchased: order.productName,
          seatsCount: order.quantity,
          passwordShownAt: forBuyer ? new Date() : null,
        },
      });
      const token = await issueToken(tx, order);
      const emailId = await enqueueEmail(
        {
          template: "purchase-confirmation",
          to: order.email,
          subject: `Your ${order.productName} purchase is confirmed`,
          html: email.html,
          text: email.text,
          prospectId: order.prospectId ?? undefined,
          orderId,
        },
        tx,
      );
      return {
        transactionId: order.id,
        loginEmail: account.loginEmail,
        productPurchased: account.productPurchased,
        seatsCount: account.seatsCount,
        token,
        ...(forBuyer ? { password } : {}),
        emailId,
      };
    },
    { timeout: 15_000, maxWait: 15_000 },
  );
}

const isoOf = (date: Date | null) => (date ?? new Date()).toISOString();

export async function emitRefunded(tx: EventWriter, order: Order): Promise<void> {
  await emitWebhookEvent(tx, "order.refunded", order.id, { ...orderData(order), refundedAt: isoOf(order.updatedAt) });
}

/** A revoked token (refund, dunning) is never handed back: the visit gets a fresh one or none. */
function stillValid<T extends { expiresAt: Date; revokedAt: Date | null }>(token: T | undefined): token is T {
  return token !== undefined && token.revokedAt === null && token.expiresAt.getTime() - Date.now() > 60_000;
}

type TokenOrder = { id: string; email: string; productId: string; quantity: number };
const claimsOf = (order: TokenOrder) => ({
  transactionId: order.id,
  email: order.email,
  product: order.productId,
  seats: order.quantity,
});

async function issueToken(tx: Prisma.TransactionClient, order: TokenOrder): Promise<string> {
  const signed = await signHandoffToken(claimsOf(order));
  await tx.handoffToken.create({ data: { jti: signed.jti, orderId: order.id, expiresAt: signed.expiresAt } });
  return signed.token;
}

async function recordedToken(order: TokenOrder, recorded: { jti: string; expiresAt: Date }): Promise<string> {
  return (await signHandoffToken(claimsOf(order), new Date(), recorded)).token;
}

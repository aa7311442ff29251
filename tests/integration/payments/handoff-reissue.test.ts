import { describe, expect, it } from "vitest";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { getDb } from "@/lib/platform/server/db";
import { verifyHandoffToken } from "@/lib/payments/server/handoff-token";
import { Browser, buyer, paidDemoPurchase } from "./helpers";

type Success = { token: string; transactionId: string; loginDetails: { password?: string } };

describe("the contract-setup hand-off token on a later visit", () => {
  it("is re-issued (new jti) once the first one has expired, never with the password again", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const { intent, claim } = await paidDemoPurchase(browser, input);
    const first = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    expect(first.body.loginDetails.password).toBeDefined();

    // Twenty minutes later the first token has expired.
    const db = getDb();
    await db.handoffToken.updateMany({
      where: { orderId: intent.transactionId },
      data: { expiresAt: new Date(Date.now() - 5 * 60_000) },
    });
    const later = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    expect(later.status).toBe(200);
    expect(later.body.loginDetails.password).toBeUndefined();
    expect(later.body.token).not.toBe(first.body.token);
    const claims = await verifyHandoffToken(later.body.token);
    expect(claims.transactionId).toBe(intent.transactionId);
    const tokens = await db.handoffToken.findMany({ where: { orderId: intent.transactionId } });
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens.map((t) => t.jti)).size).toBe(2);
    expect(await db.issuedAccount.count({ where: { orderId: intent.transactionId } })).toBe(1);

    // While the new token is fresh, it is the one handed out again.
    const again = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    expect(again.body.token).toBe(later.body.token);
  });

  it("is re-issued when the latest one was revoked, however fresh, never handing the revoked one back", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const { intent, claim } = await paidDemoPurchase(browser, input);
    const first = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    const db = getDb();
    await db.handoffToken.updateMany({ where: { orderId: intent.transactionId }, data: { revokedAt: new Date() } });

    const later = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    expect(later.status).toBe(200);
    expect(later.body.token).not.toBe(first.body.token);
    const tokens = await db.handoffToken.findMany({
      where: { orderId: intent.transactionId },
      orderBy: { issuedAt: "asc" },
    });
    expect(tokens.map((t) => t.revokedAt === null)).toEqual([false, true]);
  });
});

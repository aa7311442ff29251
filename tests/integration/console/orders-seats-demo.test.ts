import { beforeAll, describe, expect, it } from "vitest";
import { POST as refundPost } from "@/app/api/admin/orders/refund/route";
import { POST as seatsPost } from "@/app/api/admin/orders/seats/route";
import { getDb } from "@/lib/platform/server/db";
import { seatReport } from "@/lib/console/server/seat-report";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { outboxMails } from "../../support/outbox";
import { demoPurchase, requestKey } from "./purchase";
import { erasePerson } from "@/lib/privacy/server/erase-person";

// Seats of a paid team-training subscription through the demo gateway: a refund that also removes
// the seats it pays back, and the console's own seat change, each once under a double submit,
// audited, and seen at once in the seat report's MRR.

const SEAT = 50_000;
let operator: SignedInOperator;
const db = () => getDb();

beforeAll(async () => {
  operator = await signedInOperator();
});

type Answer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

async function call(route: (r: Request) => Promise<Response>, path: string, body: unknown, cookie = operator.cookie) {
  const response = await route(adminRequest(path, { body, cookie }));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}
const refund = (body: unknown, cookie?: string) => call(refundPost, "/api/admin/orders/refund", body, cookie);
const seats = (body: unknown, cookie?: string) => call(seatsPost, "/api/admin/orders/seats", body, cookie);

async function seatState(orderId: string, subscriptionId: string) {
  const order = await db().order.findUniqueOrThrow({
    where: { id: orderId },
    include: { subscription: true, account: true, refunds: true },
  });
  return {
    status: order.status,
    seats: order.subscription?.quantity,
    providerSeats: (await db().demoSubscription.findUniqueOrThrow({ where: { id: subscriptionId } })).quantity,
    accountSeats: order.account?.seatsCount,
    refunds: order.refunds.map((r) => r.amount),
    seatAudits: await db().auditLog.count({ where: { targetId: orderId, action: "order.change_seats" } }),
  };
}

describe("seats removed with a refund, demo gateway", () => {
  it("refunds one unused seat of three and removes it: 2 seats, MRR down by one seat, audited, e-mailed", async () => {
    const purchase = await demoPurchase("team-training-seat", 3);
    const subscriptionId = purchase.subscriptionId ?? "";
    const before = (await seatReport()).mrr;
    const body = {
      orderId: purchase.orderId,
      amount: SEAT,
      reason: "One seat never used",
      requestKey: requestKey(),
      removeSeats: 1,
    };
    // A double click and a later retry: one refund, one seat removed.
    const [a, b] = await Promise.all([refund(body), refund(body)]);
    const c = await refund(body);
    for (const r of [a, b, c]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ amount: SEAT, fullyRefunded: false, seats: 2 });
    }
    expect(await seatState(purchase.orderId, subscriptionId)).toEqual({
      status: "SUCCEEDED",
      seats: 2,
      providerSeats: 2,
      accountSeats: 2,
      refunds: [SEAT],
      seatAudits: 1,
    });
    expect((await seatReport()).mrr).toBe(before - SEAT);
    const audit = await db().auditLog.findFirst({
      where: { targetId: purchase.orderId, action: "order.change_seats" },
    });
    expect(audit).toMatchObject({
      operatorId: operator.operatorId,
      details: { from: 3, to: 2, withRefund: true, reason: "One seat never used" },
    });
    const [mail, ...more] = await outboxMails({ orderId: purchase.orderId, template: "refund-confirmation" });
    expect(more).toEqual([]);
    expect(mail?.text).toContain("your subscription now has 2 seats");

    // The same key with another seat count is refused rather than guessed.
    const changed = await refund({ ...body, removeSeats: 2 });
    expect(changed.status).toBe(409);
    expect((await seatState(purchase.orderId, subscriptionId)).seats).toBe(2);
  });

  it("refuses to remove more seats than the refund pays back, and refunds nothing then", async () => {
    const purchase = await demoPurchase("team-training-seat", 3);
    const key = requestKey();
    const tooMany = await refund({
      orderId: purchase.orderId,
      amount: SEAT,
      reason: "x",
      requestKey: key,
      removeSeats: 2,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe("This refund pays back 1 seat at $500; it cannot remove 2.");
    expect(await seatState(purchase.orderId, purchase.subscriptionId ?? "")).toMatchObject({ seats: 3, refunds: [] });
    expect(await db().seatChange.count({ where: { orderId: purchase.orderId } })).toBe(0);
  });

  it("removing every seat with the refund ends the subscription at the period end", async () => {
    const purchase = await demoPurchase("team-training-seat", 2);
    const made = await refund({
      orderId: purchase.orderId,
      amount: 2 * SEAT,
      reason: "The team left",
      requestKey: requestKey(),
      removeSeats: 2,
    });
    expect(made.body).toMatchObject({ fullyRefunded: true, seats: 0 });
    const subscription = await db().subscription.findUniqueOrThrow({ where: { orderId: purchase.orderId } });
    expect(subscription.cancelAtPeriodEnd).toBe(true);
    const [mail] = await outboxMails({ orderId: purchase.orderId, template: "refund-confirmation" });
    expect(mail?.text).toContain("your subscription ends when the current paid month does");
  });
});

describe("seats changed from the console, demo gateway", () => {
  it("adds and removes seats once per request key, audited, with the MRR following", async () => {
    const purchase = await demoPurchase("team-training-seat", 2);
    const subscriptionId = purchase.subscriptionId ?? "";
    const before = (await seatReport()).mrr;
    const up = { orderId: purchase.orderId, seats: 5, reason: "The team grew", requestKey: requestKey() };
    const [a, b] = await Promise.all([seats(up), seats(up)]);
    for (const r of [a, b]) expect(r.body).toEqual({ seats: 5, previousSeats: 2, endsAtPeriodEnd: false });
    expect(await seatState(purchase.orderId, subscriptionId)).toMatchObject({
      seats: 5,
      providerSeats: 5,
      seatAudits: 1,
    });
    expect((await seatReport()).mrr).toBe(before + 3 * SEAT);

    const down = await seats({ orderId: purchase.orderId, seats: 1, reason: "Back to one", requestKey: requestKey() });
    expect(down.body).toEqual({ seats: 1, previousSeats: 5, endsAtPeriodEnd: false });
    expect(await seatState(purchase.orderId, subscriptionId)).toMatchObject({
      seats: 1,
      providerSeats: 1,
      seatAudits: 2,
    });
    expect((await seatReport()).mrr).toBe(before - SEAT);
  });

  it("refuses a read-only operator, a one-time order, zero seats and more than the product allows", async () => {
    const purchase = await demoPurchase("team-training-seat", 2);
    const body = { orderId: purchase.orderId, seats: 3, reason: "x", requestKey: requestKey() };
    const readOnly = await signedInOperator({ role: "read_only" });
    expect((await seats(body, readOnly.cookie)).status).toBe(403);
    expect((await seats({ ...body, seats: 0 })).status).toBe(400);
    const tooMany = await seats({ ...body, seats: 5_000 });
    expect(tooMany.body.error?.code).toBe("quantity_too_large");
    const book = await demoPurchase();
    const oneTime = await seats({ ...body, orderId: book.orderId });
    expect(oneTime.body.error?.code).toBe("seats_not_changeable");
    expect((await seatState(purchase.orderId, purchase.subscriptionId ?? "")).seats).toBe(2);
  });
});

describe("seat changes and erasure", () => {
  it("erasing the buyer blanks the seat change's reason, in the row and in the audit entry", async () => {
    const purchase = await demoPurchase("team-training-seat", 2);
    const reason = "Asked by Ada Lovelace on her private number";
    await seats({ orderId: purchase.orderId, seats: 3, reason, requestKey: requestKey() });
    const order = await db().order.findUniqueOrThrow({ where: { id: purchase.orderId } });
    await db().$transaction((tx) => erasePerson(tx, order.email));
    const change = await db().seatChange.findFirstOrThrow({ where: { orderId: purchase.orderId } });
    expect(change).toMatchObject({ reason: "", fromQuantity: 2, toQuantity: 3 });
    const audit = await db().auditLog.findFirstOrThrow({
      where: { targetId: purchase.orderId, action: "order.change_seats" },
    });
    expect(JSON.stringify(audit.details)).not.toContain("Lovelace");
  });
});

import { getDb } from "@/lib/platform/server/db";
import type { OrderStatus } from "@/lib/generated/prisma/client";

// A hand-made set of seat subscriptions at $100 a seat in January to April 2031; the expected
// numbers in subscription-reports.test.ts are counted by hand from the comments here.
//
// A (lead pA): paid Jan 10, 3 seats, 3 -> 2 on Feb 15; renewal A1 paid Feb 10 ($300, never failed);
//   A2 ($200) failed Mar 10 00:00, paid (recovered) Apr 1 00:00; a $50 refund Feb 20; active.
//   pA also bought the book ($7) on Mar 15.
// B (lead pB): paid Jan 20, 1 seat; B1 ($100) failed Feb 28 23:59:59.999, never paid; canceled,
//   ended Mar 31 23:59:59.999.
// C (lead pC): paid Feb 5, 2 seats; C1 ($200) failed Mar 5 12:00, unpaid; past_due.
// D (flagged test): paid Jan 5, 5 seats, ended Feb 10; D1 ($500) failed Mar 2, paid Mar 3.
// E (no lead): never paid, incomplete, created Mar 20.

export const SEAT = 10_000;
const at = (iso: string) => new Date(iso);

async function lead(key: string) {
  const created = await getDb().prospect.create({
    data: { email: `${key}@subs.test`, name: `Buyer ${key}`, firstName: "Buyer", lastName: key },
  });
  return created.id;
}

async function order(
  key: string,
  input: {
    prospectId: string | null;
    productId?: string;
    quantity: number;
    unitPrice: number;
    status: OrderStatus;
    createdAt: string;
    paid: boolean;
    excluded?: boolean;
  },
) {
  return getDb().order.create({
    data: {
      contactId: `subs-${key}`,
      prospectId: input.prospectId,
      email: `${key}@subs.test`,
      name: `Buyer ${key}`,
      productId: input.productId ?? "team-training-seat",
      productName: input.productId === "fast-forward-book" ? "The book" : "Team training",
      isSubscription: input.productId !== "fast-forward-book",
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      totalAmount: input.quantity * input.unitPrice,
      status: input.status,
      browserId: `b-subs-${key}`,
      gateway: "demo",
      idempotencyKey: `subs-${key}`,
      createdAt: at(input.createdAt),
      fulfilledAt: input.paid ? at(input.createdAt) : null,
      excludedAs: input.excluded ? "test" : null,
    },
  });
}

async function subscription(
  key: string,
  orderId: string,
  input: { quantity: number; status: string; createdAt: string; endedAt?: string; periodEnd?: string },
) {
  return getDb().subscription.create({
    data: {
      orderId,
      providerSubscriptionId: `sub_${key}`,
      quantity: input.quantity,
      status: input.status,
      createdAt: at(input.createdAt),
      currentPeriodEnd: input.periodEnd ? at(input.periodEnd) : null,
      endedAt: input.endedAt ? at(input.endedAt) : null,
    },
  });
}

async function invoice(
  key: string,
  subscriptionId: string,
  input: { amount: number; period: [string, string]; failedAt?: string; paidAt?: string },
) {
  await getDb().subscriptionInvoice.create({
    data: {
      subscriptionId,
      providerInvoiceId: `in_${key}`,
      periodStart: at(input.period[0]),
      periodEnd: at(input.period[1]),
      quantity: input.amount / SEAT,
      amount: input.amount,
      currency: "usd",
      status: input.paidAt ? "paid" : "failed",
      paidAt: input.paidAt ? at(input.paidAt) : null,
      failedAt: input.failedAt ? at(input.failedAt) : null,
    },
  });
}

export async function seedSubscriptions() {
  const [pA, pB, pC] = [await lead("pa"), await lead("pb"), await lead("pc")];
  const oA = await order("a", {
    prospectId: pA,
    quantity: 3,
    unitPrice: SEAT,
    status: "SUCCEEDED",
    createdAt: "2031-01-10T09:00:00Z",
    paid: true,
  });
  const sA = await subscription("a", oA.id, {
    quantity: 2,
    status: "active",
    createdAt: "2031-01-10T09:00:00Z",
    periodEnd: "2031-04-10T09:00:00Z",
  });
  await getDb().seatChange.create({
    data: {
      orderId: oA.id,
      fromQuantity: 3,
      toQuantity: 2,
      requestKey: "subs-a-1",
      reason: "smaller team",
      appliedAt: at("2031-02-15T00:00:00Z"),
      createdAt: at("2031-02-15T00:00:00Z"),
    },
  });
  await invoice("a1", sA.id, {
    amount: 30_000,
    period: ["2031-02-10T09:00:00Z", "2031-03-10T09:00:00Z"],
    paidAt: "2031-02-10T09:00:00Z",
  });
  await invoice("a2", sA.id, {
    amount: 20_000,
    period: ["2031-03-10T09:00:00Z", "2031-04-10T09:00:00Z"],
    failedAt: "2031-03-10T00:00:00Z",
    paidAt: "2031-04-01T00:00:00Z",
  });
  await getDb().refund.create({
    data: {
      orderId: oA.id,
      amount: 5_000,
      currency: "usd",
      providerRefundId: "re_subs_a",
      source: "console",
      createdAt: at("2031-02-20T00:00:00Z"),
    },
  });
  const book = await order("a-book", {
    prospectId: pA,
    productId: "fast-forward-book",
    quantity: 1,
    unitPrice: 700,
    status: "SUCCEEDED",
    createdAt: "2031-03-15T00:00:00Z",
    paid: true,
  });

  const oB = await order("b", {
    prospectId: pB,
    quantity: 1,
    unitPrice: SEAT,
    status: "SUCCEEDED",
    createdAt: "2031-01-20T00:00:00Z",
    paid: true,
  });
  const sB = await subscription("b", oB.id, {
    quantity: 1,
    status: "canceled",
    createdAt: "2031-01-20T00:00:00Z",
    endedAt: "2031-03-31T23:59:59.999Z",
  });
  await invoice("b1", sB.id, {
    amount: 10_000,
    period: ["2031-02-20T00:00:00Z", "2031-03-20T00:00:00Z"],
    failedAt: "2031-02-28T23:59:59.999Z",
  });

  const oC = await order("c", {
    prospectId: pC,
    quantity: 2,
    unitPrice: SEAT,
    status: "SUCCEEDED",
    createdAt: "2031-02-05T00:00:00Z",
    paid: true,
  });
  const sC = await subscription("c", oC.id, {
    quantity: 2,
    status: "past_due",
    createdAt: "2031-02-05T00:00:00Z",
    periodEnd: "2031-04-05T00:00:00Z",
  });
  await invoice("c1", sC.id, {
    amount: 20_000,
    period: ["2031-03-05T00:00:00Z", "2031-04-05T00:00:00Z"],
    failedAt: "2031-03-05T12:00:00Z",
  });

  const oD = await order("d", {
    prospectId: null,
    quantity: 5,
    unitPrice: SEAT,
    status: "SUCCEEDED",
    createdAt: "2031-01-05T00:00:00Z",
    paid: true,
    excluded: true,
  });
  const sD = await subscription("d", oD.id, {
    quantity: 5,
    status: "canceled",
    createdAt: "2031-01-05T00:00:00Z",
    endedAt: "2031-02-10T00:00:00Z",
  });
  await invoice("d1", sD.id, {
    amount: 50_000,
    period: ["2031-02-05T00:00:00Z", "2031-03-05T00:00:00Z"],
    failedAt: "2031-03-02T00:00:00Z",
    paidAt: "2031-03-03T00:00:00Z",
  });

  const oE = await order("e", {
    prospectId: null,
    quantity: 1,
    unitPrice: SEAT,
    status: "PENDING",
    createdAt: "2031-03-20T00:00:00Z",
    paid: false,
  });
  const sE = await subscription("e", oE.id, { quantity: 1, status: "incomplete", createdAt: "2031-03-20T00:00:00Z" });

  return { leads: { pA, pB, pC }, orders: { oA, book, oB, oC, oD, oE }, subs: { sA, sB, sC, sD, sE } };
}

import { randomUUID } from "node:crypto";
import type { OrderStatus, Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";

// A small hand-made data set in March 2031, in the database of the test file that seeds it.
// The expected numbers in console-reports.test.ts are counted by hand from it.

export const RANGE = { from: new Date("2031-03-01T00:00:00Z"), to: new Date("2031-03-08T00:00:00Z") };
const at = (iso: string) => new Date(iso);

type SessionSeed = {
  id: string;
  startedAt: string;
  utm: [string, string];
  prospect?: string;
  offerVariant?: string;
  pages?: string[];
  checkoutClick?: boolean;
  survey?: { qualified: boolean };
};

const PROSPECTS: { key: string; createdAt: string; first: [string, string] }[] = [
  { key: "p1", createdAt: "2031-03-01T00:00:00.000Z", first: ["newsletter", "launch"] },
  { key: "p2", createdAt: "2031-03-01T23:59:59.999Z", first: ["", ""] },
  { key: "p3", createdAt: "2031-03-04T12:00:00.000Z", first: ["google", "spring"] },
  { key: "p4", createdAt: "2031-03-07T23:00:00.000Z", first: ["facebook", "fall"] },
  { key: "late", createdAt: "2031-03-08T00:00:00.000Z", first: ["google", "spring"] },
  { key: "early", createdAt: "2031-02-28T23:59:59.999Z", first: ["google", "spring"] },
];

const SESSIONS: SessionSeed[] = [
  {
    id: "s1",
    startedAt: "2031-03-01T00:00:00Z",
    utm: ["google", "spring"],
    prospect: "p1",
    offerVariant: "countdown",
    pages: ["/"],
    checkoutClick: true,
    survey: { qualified: false },
  },
  { id: "s2", startedAt: "2031-03-02T10:00:00Z", utm: ["google", "spring"], pages: ["/"] },
  { id: "s3", startedAt: "2031-03-03T10:00:00Z", utm: ["facebook", "spring"], pages: ["/paid"], checkoutClick: true },
  {
    id: "s4",
    startedAt: "2031-03-04T10:00:00Z",
    utm: ["", ""],
    prospect: "p2",
    pages: ["/"],
    survey: { qualified: true },
  },
  {
    id: "s5",
    startedAt: "2031-03-05T10:00:00Z",
    utm: ["", ""],
    prospect: "p3",
    offerVariant: "team",
    survey: { qualified: false },
  },
  {
    id: "s6",
    startedAt: "2031-03-07T23:59:59.999Z",
    utm: ["facebook", "fall"],
    prospect: "p4",
    offerVariant: "countdown",
    pages: ["/", "/paid"],
    survey: { qualified: false },
  },
  // Outside the range on either side.
  { id: "s7", startedAt: "2031-02-28T23:59:59.999Z", utm: ["google", "spring"], pages: ["/"], checkoutClick: true },
  { id: "s8", startedAt: "2031-03-08T00:00:00Z", utm: ["google", "spring"], pages: ["/paid"] },
];

const ORDERS: {
  session: string;
  productId: string;
  quantity: number;
  total: number;
  status: OrderStatus;
  createdAt: string;
}[] = [
  {
    session: "s1",
    productId: "ai-step-by-step",
    quantity: 1,
    total: 49_700,
    status: "SUCCEEDED",
    createdAt: "2031-03-02T00:00:00Z",
  },
  {
    session: "s3",
    productId: "fast-forward-book",
    quantity: 1,
    total: 700,
    status: "REFUNDED",
    createdAt: "2031-03-03T10:05:00Z",
  },
  {
    session: "s5",
    productId: "team-training-seat",
    quantity: 1,
    total: 50_000,
    status: "PENDING",
    createdAt: "2031-03-05T10:05:00Z",
  },
  {
    session: "s6",
    productId: "team-training-seat",
    quantity: 2,
    total: 100_000,
    status: "SUCCEEDED",
    createdAt: "2031-03-07T23:59:59.999Z",
  },
  {
    session: "s6",
    productId: "team-training-seat",
    quantity: 1,
    total: 50_000,
    status: "FAILED",
    createdAt: "2031-03-07T23:59:59.999Z",
  },
  {
    session: "s7",
    productId: "fast-forward-book",
    quantity: 1,
    total: 700,
    status: "SUCCEEDED",
    createdAt: "2031-02-28T23:59:59.999Z",
  },
  // Paid by a contact whose session is not in the range: revenue, not the funnel.
  {
    session: "elsewhere",
    productId: "fast-forward-book",
    quantity: 1,
    total: 700,
    status: "SUCCEEDED",
    createdAt: "2031-03-07T12:00:00Z",
  },
  {
    session: "s8",
    productId: "fast-forward-book",
    quantity: 1,
    total: 700,
    status: "SUCCEEDED",
    createdAt: "2031-03-08T00:00:00Z",
  },
];

// Refunds, by index into ORDERS: the revenue report counts them by refund date.
const REFUNDS: { order: number; amount: number; at: string }[] = [
  // The REFUNDED book, refunded in full inside the range.
  { order: 1, amount: 700, at: "2031-03-04T09:00:00Z" },
  // A book paid before the range, partly refunded inside it: counted (by refund date).
  { order: 5, amount: 300, at: "2031-03-02T12:00:00Z" },
  // The course paid in the range, partly refunded at the range's exclusive end: not counted.
  { order: 0, amount: 1_000, at: "2031-03-08T00:00:00Z" },
];

export async function seed2031(): Promise<void> {
  const db = getDb();
  const tag = randomUUID().slice(0, 8);
  const sid = (key: string) => `rpt31-${tag}-${key}`;
  const prospectIds = new Map<string, string>();
  for (const p of PROSPECTS) {
    const id = randomUUID();
    prospectIds.set(p.key, id);
    await db.prospect.create({
      data: {
        id,
        email: `rpt31-${tag}-${p.key}@example.test`,
        name: `Lead ${p.key}`,
        firstName: "Lead",
        lastName: p.key,
        firstUtmSource: p.first[0],
        firstUtmCampaign: p.first[1],
        createdAt: at(p.createdAt),
      },
    });
  }
  for (const s of SESSIONS) {
    const prospectId = s.prospect ? prospectIds.get(s.prospect) : undefined;
    await db.funnelSession.create({
      data: {
        id: sid(s.id),
        browserId: `b-${sid(s.id)}`,
        prospectId,
        startedAt: at(s.startedAt),
        utmSource: s.utm[0],
        utmCampaign: s.utm[1],
        offerVariant: s.offerVariant,
      },
    });
    const start = at(s.startedAt).getTime();
    const events: Prisma.FunnelEventCreateManyInput[] = (s.pages ?? []).map((page, i) => ({
      sessionId: sid(s.id),
      step: 1,
      action: "page_load",
      data: { page, referrer: null, viewport: "desktop" },
      clientTimestamp: new Date(start + i * 60_000),
      receivedAt: new Date(start + i * 60_000),
    }));
    if (s.checkoutClick)
      events.push({
        sessionId: sid(s.id),
        step: 6,
        action: "checkout_click",
        data: { target: "/checkout", button: "buy" },
        clientTimestamp: new Date(start + 300_000),
        receivedAt: new Date(start + 300_000),
      });
    if (events.length) await db.funnelEvent.createMany({ data: events });
    if (s.survey)
      await db.surveyResponse.create({
        data: {
          sessionId: sid(s.id),
          prospectId,
          track: "BUSINESS_OWNER",
          qualified: s.survey.qualified,
          ruleVersion: "test",
          createdAt: at(s.startedAt),
        },
      });
  }
  for (const [i, o] of ORDERS.entries()) {
    const order = await db.order.create({
      data: {
        contactId: sid(o.session),
        email: `rpt31-${tag}-buyer@example.test`,
        name: "Buyer",
        productId: o.productId,
        productName: `Product ${o.productId}`,
        isSubscription: o.productId.startsWith("team"),
        quantity: o.quantity,
        unitPrice: o.total / o.quantity,
        totalAmount: o.total,
        status: o.status,
        browserId: `b-${sid(o.session)}`,
        gateway: "demo",
        idempotencyKey: `rpt31-${tag}-${i}`,
        createdAt: at(o.createdAt),
      },
    });
    for (const [j, r] of REFUNDS.entries()) {
      if (r.order !== i) continue;
      await db.refund.create({
        data: {
          orderId: order.id,
          amount: r.amount,
          currency: "usd",
          providerRefundId: `re_rpt31_${tag}_${j}`,
          source: "console",
          createdAt: at(r.at),
        },
      });
    }
  }
}

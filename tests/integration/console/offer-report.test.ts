import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as nextOffer } from "@/app/api/next-offer/route";
import { POST as accept } from "@/app/api/next-offer/accept/route";
import { POST as decline } from "@/app/api/next-offer/decline/route";
import { offerReport, type OfferReport } from "@/lib/console/server/offer-report";
import type { ExclusionKind, OfferStep, OrderStatus } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import type { NextOfferResponse } from "@/lib/payments/shared/offer-schemas";
import { DAY_MS } from "@/lib/shared/dates";
import { demoPurchase } from "./purchase";

// The offers-and-bumps report against a hand-made April 2031 data set; every expected number is
// counted by hand from the rows below. Book 700, course 49,700, the course's downsell 9,700.

const RANGE = { from: new Date("2031-04-01T00:00:00Z"), to: new Date("2031-04-08T00:00:00Z") };
const BOOK = "fast-forward-book";
const COURSE = "ai-step-by-step";
const at = (iso: string) => new Date(iso);
const tag = randomUUID().slice(0, 8);

type Child = { step: OfferStep; total: number; status: OrderStatus; excluded?: ExclusionKind };
type FirstOrder = {
  key: string;
  browser: string;
  createdAt: string;
  status?: OrderStatus;
  excluded?: ExclusionKind;
  /** The course as a bump (book 700 + course 49,700). */
  bump?: boolean;
  views?: OfferStep[];
  declines?: OfferStep[];
  child?: Child;
  refunds?: { child?: boolean; amount: number; at: string }[];
};

// Visitors: sessions started in the range, one per browser (bA has two), less bF (a spam order).
const SESSIONS: [string, string][] = [
  ["bA", "2031-04-01T00:00:00Z"],
  ["bA", "2031-04-02T09:00:00Z"],
  ["bB", "2031-04-03T09:00:00Z"],
  ["bC", "2031-04-05T09:00:00Z"],
  ["bD", "2031-04-07T23:59:59.999Z"],
  ["bF", "2031-04-04T09:00:00Z"],
  ["bX", "2031-04-08T00:00:00Z"],
  ["bY", "2031-03-31T23:59:59.999Z"],
];

const ORDERS: FirstOrder[] = [
  // Accepted upsell, refunded after the range: the refund does not count here.
  {
    key: "P1",
    browser: "bA",
    createdAt: "2031-04-01T00:00:00Z",
    views: ["UPSELL"],
    child: { step: "UPSELL", total: 49_700, status: "SUCCEEDED" },
    refunds: [{ child: true, amount: 1_000, at: "2031-04-08T00:00:00Z" }],
  },
  // Declined the upsell, then accepted the downsell.
  {
    key: "P2",
    browser: "bB",
    createdAt: "2031-04-03T10:00:00Z",
    views: ["UPSELL", "DOWNSELL"],
    declines: ["UPSELL"],
    child: { step: "DOWNSELL", total: 9_700, status: "SUCCEEDED" },
  },
  // Accepted, then refunded in full inside the range: taken, net 0.
  {
    key: "P3",
    browser: "bC",
    createdAt: "2031-04-05T10:00:00Z",
    views: ["UPSELL"],
    child: { step: "UPSELL", total: 49_700, status: "REFUNDED" },
    refunds: [{ child: true, amount: 49_700, at: "2031-04-06T10:00:00Z" }],
  },
  // Shown, never answered; bought after the bump was switched off.
  { key: "P4", browser: "bD", createdAt: "2031-04-07T23:59:59.999Z", views: ["UPSELL"] },
  // Declined before views were recorded: shown all the same.
  { key: "P8", browser: "bA", createdAt: "2031-04-02T10:00:00Z", declines: ["UPSELL"] },
  // A spam first order: none of its chain counts.
  {
    key: "P5",
    browser: "bF",
    createdAt: "2031-04-04T10:00:00Z",
    excluded: "spam",
    views: ["UPSELL"],
    child: { step: "UPSELL", total: 49_700, status: "SUCCEEDED" },
  },
  // A first order that counts, but its offer's order was flagged as a test: that step is left out.
  {
    key: "P9",
    browser: "bZ",
    createdAt: "2031-04-06T10:00:00Z",
    views: ["UPSELL"],
    child: { step: "UPSELL", total: 49_700, status: "SUCCEEDED", excluded: "test" },
  },
  // Just outside the range on either side; the earlier one's refund inside it counts (by refund date).
  {
    key: "P6",
    browser: "bX",
    createdAt: "2031-04-08T00:00:00Z",
    views: ["UPSELL"],
    child: { step: "UPSELL", total: 49_700, status: "SUCCEEDED" },
  },
  {
    key: "P7",
    browser: "bY",
    createdAt: "2031-03-31T23:59:59.999Z",
    views: ["UPSELL"],
    child: { step: "UPSELL", total: 49_700, status: "SUCCEEDED" },
    refunds: [{ child: true, amount: 10_000, at: "2031-04-02T00:00:00Z" }],
  },
  // Bumps: taken, taken and half refunded, unpaid, after the range, flagged.
  { key: "B1", browser: "bB", createdAt: "2031-04-02T10:00:00Z", bump: true },
  {
    key: "B2",
    browser: "bC",
    createdAt: "2031-04-06T11:00:00Z",
    bump: true,
    refunds: [{ amount: 25_200, at: "2031-04-07T10:00:00Z" }],
  },
  { key: "B3", browser: "bC", createdAt: "2031-04-03T10:00:00Z", status: "PENDING" },
  { key: "B4", browser: "bX", createdAt: "2031-04-08T00:00:00Z", bump: true },
  { key: "B5", browser: "bF", createdAt: "2031-04-04T11:00:00Z", bump: true, excluded: "spam" },
];

async function makeOrder(input: {
  key: string;
  browser: string;
  productId: string;
  total: number;
  status: OrderStatus;
  createdAt: Date;
  excluded?: ExclusionKind;
  parent?: { id: string; offerId: string; step: OfferStep };
}) {
  return getDb().order.create({
    data: {
      contactId: `offer-rpt-${tag}-${input.key}`,
      email: `offer-rpt-${tag}@example.test`,
      name: "Buyer",
      productId: input.productId,
      productName: input.productId,
      isSubscription: false,
      quantity: 1,
      unitPrice: input.total,
      totalAmount: input.total,
      status: input.status,
      browserId: `${tag}-${input.browser}`,
      gateway: "demo",
      idempotencyKey: `offer-rpt-${tag}-${input.key}`,
      createdAt: input.createdAt,
      excludedAs: input.excluded,
      parentOrderId: input.parent?.id,
      offerId: input.parent?.offerId,
      offerStep: input.parent?.step,
    },
  });
}

async function seed(): Promise<void> {
  const db = getDb();
  // The book's chain with a downsell (the course again, at 9,700); the bump off from 7 April.
  const offer = await db.catalogOffer.create({
    data: {
      afterProductCode: BOOK,
      version: 2,
      offerProductCode: COURSE,
      downsellProductCode: COURSE,
      downsellAmount: 9_700,
      createdBy: "test",
      createdAt: at("2031-03-01T00:00:00Z"),
    },
  });
  const bump = await db.catalogBump.findUniqueOrThrow({
    where: { productCode_bumpProductCode: { productCode: BOOK, bumpProductCode: COURSE } },
  });
  const bumpVersion = await db.catalogBumpVersion.create({
    data: {
      bumpId: bump.id,
      version: 2,
      headline: "Off",
      description: "Off",
      position: 1,
      active: false,
      createdBy: "test",
      createdAt: at("2031-04-07T00:00:00Z"),
    },
  });
  const coursePrice = await db.catalogPrice.findFirstOrThrow({
    where: { productCode: COURSE },
    orderBy: { version: "desc" },
  });
  for (const [browser, startedAt] of SESSIONS)
    await db.funnelSession.create({
      data: { id: randomUUID(), browserId: `${tag}-${browser}`, startedAt: at(startedAt) },
    });
  for (const o of ORDERS) {
    const first = await makeOrder({
      key: o.key,
      browser: o.browser,
      productId: BOOK,
      total: o.bump ? 50_400 : 700,
      status: o.status ?? "SUCCEEDED",
      createdAt: at(o.createdAt),
      excluded: o.excluded,
    });
    if (o.bump)
      await db.orderBump.create({
        data: {
          orderId: first.id,
          bumpId: bump.id,
          bumpVersionId: bumpVersion.id,
          productCode: COURSE,
          productName: COURSE,
          priceId: coursePrice.id,
          amount: 49_700,
          position: 1,
        },
      });
    const later = (minutes: number) => new Date(at(o.createdAt).getTime() + minutes * 60_000);
    for (const step of o.views ?? [])
      await db.offerView.create({
        data: { parentOrderId: first.id, productCode: COURSE, step, offerId: offer.id, shownAt: later(1) },
      });
    for (const step of o.declines ?? [])
      await db.offerDecline.create({
        data: { parentOrderId: first.id, productCode: COURSE, step, createdAt: later(2) },
      });
    const child = o.child
      ? await makeOrder({
          key: `${o.key}-child`,
          browser: o.browser,
          productId: COURSE,
          total: o.child.total,
          status: o.child.status,
          createdAt: later(3),
          excluded: o.child.excluded,
          parent: { id: first.id, offerId: offer.id, step: o.child.step },
        })
      : null;
    for (const [i, r] of (o.refunds ?? []).entries())
      await db.refund.create({
        data: {
          orderId: r.child && child ? child.id : first.id,
          amount: r.amount,
          currency: "usd",
          providerRefundId: `re_offer_rpt_${tag}_${o.key}_${i}`,
          source: "console",
          createdAt: at(r.at),
        },
      });
  }
}

beforeAll(async () => {
  await seed();
});

const figures = (row: OfferReport["offers"][number] | OfferReport["bumps"][number] | undefined) =>
  row && {
    shown: "shown" in row ? row.shown : row.offered,
    taken: "accepted" in row ? row.accepted : row.taken,
    gross: row.gross,
    refunded: row.refunded,
    net: row.net,
    takeRate: row.takeRate,
    revenuePerBuyer: row.revenuePerBuyer,
    revenuePerVisitor: row.revenuePerVisitor,
  };

describe("offers and bumps report", () => {
  it("counts visitors once per browser started in the range, without test or spam browsers", async () => {
    // bA (twice), bB, bC, bD; bF has a spam order; bX and bY started outside.
    expect((await offerReport(RANGE)).visitors).toBe(4);
  });

  it("gives each offer step's take rate and net revenue per buyer shown it and per visitor", async () => {
    const report = await offerReport(RANGE);
    expect(report.offers.map((o) => [o.afterProductId, o.step, o.productId])).toEqual([
      [BOOK, "upsell", COURSE],
      [BOOK, "downsell", COURSE],
    ]);
    // Upsell shown after P1, P2, P3, P4 and P8 (P5 spam, P9's order a test, P6 and P7 outside);
    // taken by P1 and P3 (refunded, still taken); 2 × 49,700 less P3's full refund and P7's 10,000
    // refunded inside the range (P1's refund is at the range's exclusive end).
    expect(figures(report.offers[0])).toEqual({
      shown: 5,
      taken: 2,
      gross: 99_400,
      refunded: 59_700,
      net: 39_700,
      takeRate: 0.4,
      revenuePerBuyer: 39_700 / 5,
      revenuePerVisitor: 39_700 / 4,
    });
    // The downsell: shown after P2's "No thanks" and accepted.
    expect(figures(report.offers[1])).toEqual({
      shown: 1,
      taken: 1,
      gross: 9_700,
      refunded: 0,
      net: 9_700,
      takeRate: 1,
      revenuePerBuyer: 9_700,
      revenuePerVisitor: 9_700 / 4,
    });
  });

  it("gives the bump's take rate over the paid book orders of the range while it was on", async () => {
    const report = await offerReport(RANGE);
    expect(report.bumps.map((b) => [b.productId, b.bumpProductId])).toEqual([[BOOK, COURSE]]);
    // Offered: P1, P2, P3, P8, P9, B1, B2 (P4 came after the bump was switched off, B3 is unpaid,
    // B4 is outside, P5 and B5 are spam); taken by B1 and B2. B2's 25,200 refund of 50,400 is half
    // the bump's 49,700.
    expect(figures(report.bumps[0])).toEqual({
      shown: 7,
      taken: 2,
      gross: 99_400,
      refunded: 24_850,
      net: 74_550,
      takeRate: 2 / 7,
      revenuePerBuyer: 74_550 / 7,
      revenuePerVisitor: 74_550 / 4,
    });
  });

  it("moves with the range's boundaries: the first day alone, and a range holding only a refund", async () => {
    const firstDay = await offerReport({ from: RANGE.from, to: new Date(RANGE.from.getTime() + DAY_MS) });
    // P1 (created at the range's first instant) and P7's refund on 2 April is outside.
    expect(firstDay.visitors).toBe(1);
    expect(figures(firstDay.offers[0])).toMatchObject({ shown: 1, taken: 1, net: 49_700, takeRate: 1 });
    expect(firstDay.offers).toHaveLength(1);
    expect(figures(firstDay.bumps[0])).toMatchObject({ shown: 1, taken: 0, net: 0, takeRate: 0 });

    // 8 April holds P6, B4 and P1's refund of 1,000.
    const next = await offerReport({ from: RANGE.to, to: new Date(RANGE.to.getTime() + DAY_MS) });
    expect(figures(next.offers[0])).toMatchObject({ shown: 1, taken: 1, gross: 49_700, refunded: 1_000, net: 48_700 });
    expect(figures(next.bumps[0])).toMatchObject({ shown: 1, taken: 1, net: 49_700, takeRate: 1 });
  });

  it("answers a range with nothing in it with no rows", async () => {
    const empty = await offerReport({ from: new Date("2031-06-01Z"), to: new Date("2031-06-02Z") });
    expect(empty).toMatchObject({ visitors: 0, offers: [], bumps: [] });
  });
});

describe("offer views recorded by the next-offer page", () => {
  const show = (purchase: Awaited<ReturnType<typeof demoPurchase>>) =>
    purchase.browser.call<NextOfferResponse>(nextOffer, "/api/next-offer", { transactionId: purchase.orderId });

  it("records a step once however often the page asks, and counts a no thanks then a yes to the downsell", async () => {
    const purchase = await demoPurchase(BOOK);
    expect((await show(purchase)).body.offer).toMatchObject({ productCode: COURSE, step: "upsell" });
    expect((await show(purchase)).body.offer).toMatchObject({ productCode: COURSE, step: "upsell" });
    const declined = await purchase.browser.call<NextOfferResponse>(decline, "/api/next-offer/decline", {
      transactionId: purchase.orderId,
      productCode: COURSE,
    });
    expect(declined.body.offer).toMatchObject({ productCode: COURSE, step: "downsell", amount: 9_700 });
    await show(purchase);
    const yes = await purchase.browser.call(accept, "/api/next-offer/accept", {
      transactionId: purchase.orderId,
      productCode: COURSE,
    });
    expect(yes.body).toMatchObject({ outcome: "succeeded" });

    const views = await getDb().offerView.findMany({ where: { parentOrderId: purchase.orderId } });
    expect(views.map((v) => v.step).sort()).toEqual(["DOWNSELL", "UPSELL"]);

    const today = { from: new Date(Date.now() - DAY_MS), to: new Date(Date.now() + DAY_MS) };
    const report = await offerReport(today);
    expect(report.offers.map((o) => [o.step, o.shown, o.accepted, o.net])).toEqual([
      ["upsell", 1, 0, 0],
      ["downsell", 1, 1, 9_700],
    ]);
  });
});

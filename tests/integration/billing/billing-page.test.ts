import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as linkRoute } from "@/app/api/billing/link/route";
import { POST as signInRoute } from "@/app/api/billing/sign-in/route";
import { POST as signOutRoute } from "@/app/api/billing/sign-out/route";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { hashLinkToken } from "@/lib/platform/server/security/link-token";
import { BILLING_LINK_SENT_MESSAGE } from "@/lib/billing/shared/billing-rules";
import { billingLinkUsable } from "@/lib/billing/server/open-billing-link";
import { buyerCookieName, readBuyerSession } from "@/lib/billing/server/buyer-session";
import { buyerOrders, buyerReceipt } from "@/lib/billing/server/read-buyer-orders";
import { billingSessionOf, emailedLinkToken } from "@/tests/support/email-links";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { outboxMails } from "@/tests/support/outbox";

// The buyer's billing page: a neutral answer to the address form, a single-use short-lived link,
// a signed session cookie, and only the buyer's own orders (decision 0038).

const db = () => getDb();
const address = (label: string) => `${label}-${randomUUID()}@example.com`;
let networks = 0;
/** A client network of its own per test, so the per-network limit of one never meets another's. */
const network = () => {
  networks += 1;
  return (host: number) => `203.0.${networks}.${host}`;
};

async function paidOrder(email: string, data: Partial<Prisma.OrderUncheckedCreateInput> = {}) {
  return db().order.create({
    data: {
      contactId: randomUUID(),
      email,
      name: "Ada Buyer",
      productId: "fast-forward-book",
      productName: "Fast Forward (book)",
      isSubscription: false,
      quantity: 1,
      unitPrice: 2_000,
      totalAmount: 2_000,
      browserId: randomUUID(),
      gateway: "demo",
      idempotencyKey: randomUUID(),
      status: "SUCCEEDED",
      ...data,
    },
  });
}

const askLink = (email: string, peer: string) => linkRoute(jsonRequest("/api/billing/link", { email }, { peer }));
const linkMails = (email: string) => outboxMails({ recipient: email, template: "billing-link" });
const sessionRequest = (cookie: string) => new Request("http://localhost:3000/billing", { headers: { cookie } });

describe("asking for the billing link", () => {
  it("answers an unknown address exactly as a buyer's, and e-mails only the buyer", async () => {
    const peer = network();
    const buyer = address("buyer");
    await paidOrder(buyer);
    const stranger = address("stranger");
    const known = await askLink(buyer.toUpperCase(), peer(1));
    const unknown = await askLink(stranger, peer(2));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody: unknown = await known.json();
    const unknownBody: unknown = await unknown.json();
    expect(unknownBody).toEqual(knownBody);
    expect(knownBody).toEqual({ success: true, message: BILLING_LINK_SENT_MESSAGE });
    expect(await linkMails(buyer)).toHaveLength(1);
    expect(await linkMails(stranger)).toHaveLength(0);
    expect(await db().billingLink.count({ where: { email: stranger } })).toBe(0);
    // The link's token is stored only as its hash, and the e-mail body is sealed at rest.
    const token = await emailedLinkToken(buyer, "billing-link", "/billing/sign-in");
    const row = await db().billingLink.findFirstOrThrow({ where: { email: buyer } });
    expect(row.tokenHash).toBe(hashLinkToken(token));
    const stored = await db().outgoingEmail.findFirstOrThrow({ where: { recipient: buyer, template: "billing-link" } });
    expect(stored.text).toBe("");
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);
  });

  it("limits requests per address across networks, and per client network across addresses", async () => {
    const buyer = address("limited");
    await paidOrder(buyer);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await askLink(buyer, network()(1))).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await linkMails(buyer)).toHaveLength(3);

    const peer = network();
    const statuses = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await askLink(address("many"), peer(i + 1))).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("signing in with the link", () => {
  it("works once, from any browser, and sets an httpOnly SameSite=Lax cookie bound to the address", async () => {
    const buyer = address("once");
    await paidOrder(buyer);
    const peer = network();
    expect((await askLink(buyer, peer(1))).status).toBe(200);
    const token = await emailedLinkToken(buyer, "billing-link", "/billing/sign-in");
    expect(await billingLinkUsable(token)).toBe(true);
    // Another browser (no cookie, another address) than the one that asked.
    const first = await signInRoute(jsonRequest("/api/billing/sign-in", { token }, { peer: peer(9) }));
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((line) => line.startsWith(`${buyerCookieName()}=`))!;
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=86400$/);
    const cookie = setCookie.split(";")[0]!;
    expect(readBuyerSession(sessionRequest(cookie))?.email).toBe(buyer);
    // The sign-in is recorded on the link, and the hash is gone.
    const used = await db().billingLink.findFirstOrThrow({ where: { email: buyer } });
    expect(used).toMatchObject({ tokenHash: null, usedIp: peer(9) });
    expect(used.usedAt).not.toBeNull();

    const again = await signInRoute(jsonRequest("/api/billing/sign-in", { token }, { peer: peer(9) }));
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("email_link_invalid");
    expect(await billingLinkUsable(token)).toBe(false);
  });

  it("refuses an expired link", async () => {
    const buyer = address("expired");
    await paidOrder(buyer);
    expect((await askLink(buyer, network()(1))).status).toBe(200);
    const token = await emailedLinkToken(buyer, "billing-link", "/billing/sign-in");
    await db().billingLink.updateMany({ where: { email: buyer }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await billingLinkUsable(token)).toBe(false);
    const response = await signInRoute(jsonRequest("/api/billing/sign-in", { token }));
    expect(response.status).toBe(404);
    expect((await db().billingLink.findFirstOrThrow({ where: { email: buyer } })).usedAt).toBeNull();
  });

  it("believes no tampered, re-addressed or doubled cookie, and signing out clears it", async () => {
    const buyer = address("tamper");
    await paidOrder(buyer);
    const cookie = await billingSessionOf(buyer, network()(1));
    expect(readBuyerSession(sessionRequest(cookie))?.email).toBe(buyer);
    const [name, value] = [
      cookie.slice(0, cookie.indexOf("=")),
      decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)),
    ];
    const [payload, expiry, signature] = value.split(".") as [string, string, string];
    const other = Buffer.from(address("victim"), "utf8").toString("base64url");
    const later = String(Number(expiry) + 86_400);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const forged of [
      `${other}.${expiry}.${signature}`,
      `${payload}.${later}.${signature}`,
      `${payload}.${expiry}.${flipped}`,
    ]) {
      expect(readBuyerSession(sessionRequest(`${name}=${encodeURIComponent(forged)}`))).toBeNull();
    }
    expect(readBuyerSession(sessionRequest(`${cookie}; ${cookie}`))).toBeNull();

    const out = await signOutRoute(jsonRequest("/api/billing/sign-out", {}, { cookie }));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${name}=; .*Max-Age=0`)));
  });
});

describe("the buyer's orders", () => {
  it("lists discounted, refunded, part-refunded, offer and bump orders with their amounts, and only the buyer's", async () => {
    const buyer = address("orders");
    const bump = await db().catalogBump.findFirstOrThrow({ include: { versions: true } });
    const bumpPrice = await db().catalogPrice.findFirstOrThrow({ where: { productCode: bump.bumpProductCode } });
    const discounted = await paidOrder(buyer, {
      listAmount: 2_000,
      discountAmount: 500,
      totalAmount: 1_500,
      createdAt: new Date("2030-01-01T10:00:00Z"),
    });
    const withBump = await paidOrder(buyer.toUpperCase(), {
      totalAmount: 2_000 + 1_700,
      excludedAs: "test",
      createdAt: new Date("2030-01-02T10:00:00Z"),
    });
    await db().orderBump.create({
      data: {
        orderId: withBump.id,
        bumpId: bump.id,
        bumpVersionId: bump.versions[0]!.id,
        productCode: bump.bumpProductCode,
        productName: "Companion workbook",
        priceId: bumpPrice.id,
        amount: 1_700,
        position: 1,
      },
    });
    const child = await paidOrder(buyer, {
      parentOrderId: withBump.id,
      productId: "ai-step-by-step",
      productName: "AI Step by Step",
      unitPrice: 19_700,
      totalAmount: 19_700,
      offerStep: "UPSELL",
      createdAt: new Date("2030-01-02T10:05:00Z"),
    });
    const refunded = await paidOrder(buyer, { status: "REFUNDED", createdAt: new Date("2030-01-03T10:00:00Z") });
    await db().refund.create({
      data: { orderId: refunded.id, amount: 2_000, currency: "usd", providerRefundId: randomUUID(), source: "console" },
    });
    const partly = await paidOrder(buyer, { createdAt: new Date("2030-01-04T10:00:00Z") });
    await db().refund.create({
      data: { orderId: partly.id, amount: 500, currency: "usd", providerRefundId: randomUUID(), source: "console" },
    });
    await paidOrder(buyer, { status: "PENDING" });
    await paidOrder(buyer, { status: "FAILED" });
    const someoneElses = await paidOrder(address("other"));

    const orders = await buyerOrders(buyer);
    expect(orders.map((order) => order.id)).toEqual([partly.id, refunded.id, child.id, withBump.id, discounted.id]);
    const byId = new Map(orders.map((order) => [order.id, order]));
    expect(byId.get(discounted.id)).toMatchObject({
      lines: [{ label: "Fast Forward (book)", quantity: 1, amount: 2_000 }],
      subtotal: 2_000,
      discount: 500,
      total: 1_500,
      state: "paid",
    });
    expect(byId.get(withBump.id)).toMatchObject({
      lines: [
        { label: "Fast Forward (book)", amount: 2_000 },
        { label: "Companion workbook", quantity: 1, amount: 1_700 },
      ],
      total: 3_700,
      state: "paid",
    });
    expect(byId.get(child.id)).toMatchObject({
      parentOrderId: withBump.id,
      productName: "AI Step by Step",
      total: 19_700,
    });
    expect(byId.get(refunded.id)).toMatchObject({ state: "refunded", refunded: 2_000 });
    expect(byId.get(partly.id)).toMatchObject({ state: "partly refunded", refunded: 500 });

    expect(await buyerReceipt(buyer, child.id)).toMatchObject({ id: child.id });
    // Another buyer's order, an unpaid one of this buyer's and a malformed id are not found alike.
    expect(await buyerReceipt(buyer, someoneElses.id)).toBeNull();
    expect(await buyerReceipt(buyer, "not-a-uuid")).toBeNull();
    expect(await buyerReceipt(address("nobody"), discounted.id)).toBeNull();
  });

  it("shows a seat subscription's state and seats", async () => {
    const buyer = address("seats");
    const order = await paidOrder(buyer, {
      productId: "team-training-seat",
      productName: "Team training",
      isSubscription: true,
      quantity: 3,
      unitPrice: 50_000,
      totalAmount: 150_000,
    });
    const periodEnd = new Date("2030-02-01T00:00:00Z");
    await db().subscription.create({
      data: {
        orderId: order.id,
        providerSubscriptionId: `sub_${randomUUID()}`,
        quantity: 3,
        status: "active",
        currentPeriodEnd: periodEnd,
      },
    });
    const [listed] = await buyerOrders(buyer);
    expect(listed).toMatchObject({
      quantity: 3,
      subscription: { status: "active", seats: 3, currentPeriodEnd: periodEnd, endsAtPeriodEnd: false },
    });
  });
});

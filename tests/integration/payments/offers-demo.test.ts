import { beforeAll, describe, expect, it } from "vitest";
import { POST as publishOfferPost } from "@/app/api/admin/catalog/offers/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as nextOffer } from "@/app/api/next-offer/route";
import { POST as accept } from "@/app/api/next-offer/accept/route";
import { POST as decline } from "@/app/api/next-offer/decline/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { getDb } from "@/lib/platform/server/db";
import type { AcceptOfferResponse, NextOfferResponse } from "@/lib/payments/shared/offer-schemas";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { Browser, buyer, createdIntent } from "./helpers";
import { AUTH_CARD, DECLINED_LATER_CARD, GOOD_CARD } from "./offer-race-harness";

// The post-purchase offer on the demo gateway: one click charges the card of the first payment,
// an authentication or a decline is finished on the page, "No thanks" leads to the downsell, and
// only the browser that bought may answer. The success page still shows the first order's login.

type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string; offerFollows?: boolean };
const card = (number: string) => ({ number, expiry: "12 / 40", cvc: "123" });
const COURSE = "ai-step-by-step";

let owner: SignedInOperator;
beforeAll(async () => {
  owner = await signedInOperator();
});

async function paidBook(browser: Browser, number = GOOD_CARD): Promise<Intent> {
  const intent = await createdIntent<Intent>(browser, createIntent, buyer("fast-forward-book"));
  const paid = await browser.call(confirmDemo, "/api/demo-payments/confirm", {
    clientSecret: intent.clientSecret,
    card: card(number),
  });
  expect(paid.body).toMatchObject({ paymentIntent: { status: "succeeded" } });
  return intent;
}

const show = (browser: Browser, transactionId: string) =>
  browser.call<NextOfferResponse>(nextOffer, "/api/next-offer", { transactionId });
const yes = (browser: Browser, transactionId: string, productCode = COURSE) =>
  browser.call<AcceptOfferResponse>(accept, "/api/next-offer/accept", { transactionId, productCode });

async function publishOffer(body: Record<string, unknown>) {
  const response = await publishOfferPost(adminRequest("/api/admin/catalog/offers", { body, cookie: owner.cookie }));
  expect(response.status).toBe(200);
}

describe("one-click offers after the book, demo gateway", () => {
  it("saves the card only when an offer follows, and says so before the payment", async () => {
    const book = await createdIntent<Intent>(new Browser(), createIntent, buyer("fast-forward-book"));
    expect(book.offerFollows).toBe(true);
    expect(await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: book.paymentIntentId } })).toMatchObject({
      setupFutureUsage: "off_session",
    });
    const course = await createdIntent<Intent>(new Browser(), createIntent, buyer(COURSE));
    expect(course.offerFollows).toBeUndefined();
    expect(await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: course.paymentIntentId } })).toMatchObject({
      setupFutureUsage: null,
    });
  });

  it("charges the saved card in one click, fulfils the course like any order, and keeps the book's login for the success page", async () => {
    const browser = new Browser();
    const book = await paidBook(browser);
    const offered = await show(browser, book.transactionId);
    expect(offered.body.offer).toMatchObject({ productCode: COURSE, step: "upsell", amount: 49_700 });

    const answer = await yes(browser, book.transactionId);
    expect(answer.body).toMatchObject({ outcome: "succeeded" });
    const child = await getDb().order.findUniqueOrThrow({
      where: { id: answer.body.transactionId },
      include: { account: true },
    });
    expect(child).toMatchObject({
      parentOrderId: book.transactionId,
      offerStep: "UPSELL",
      productId: COURSE,
      totalAmount: 49_700,
      status: "SUCCEEDED",
      browserId: (await getDb().order.findUniqueOrThrow({ where: { id: book.transactionId } })).browserId,
    });
    expect(child.account?.productPurchased).toBe(child.productName);
    expect(await getDb().outgoingEmail.count({ where: { orderId: child.id } })).toBe(1);

    // A second click, another tab: the same order, no second charge.
    expect((await yes(browser, book.transactionId)).body).toEqual(answer.body);
    expect(await getDb().order.count({ where: { parentOrderId: book.transactionId } })).toBe(1);
    expect((await show(browser, book.transactionId)).body.offer).toBeNull();

    const success = await browser.call<{
      loginDetails: { password?: string; productPurchased: string };
      token: string;
    }>(paymentSuccess, "/api/payment-success", { transactionId: book.transactionId });
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.password).toBeTruthy();
    expect(success.body.loginDetails.productPurchased).toContain("Fast Forward");
    expect(success.body.token).toBeTruthy();
  });

  it("answers another browser with 404, and an unpaid first order with 409", async () => {
    const browser = new Browser();
    const book = await paidBook(browser);
    const other = new Browser();
    expect((await show(other, book.transactionId)).status).toBe(404);
    expect((await yes(other, book.transactionId)).status).toBe(404);
    expect(await getDb().order.count({ where: { parentOrderId: book.transactionId } })).toBe(0);

    const unpaid = await createdIntent<Intent>(browser, createIntent, buyer("fast-forward-book"));
    expect((await yes(browser, unpaid.transactionId)).status).toBe(409);
  });

  it("asks the page to authenticate a card that wants it, then fulfils", async () => {
    const browser = new Browser();
    const book = await paidBook(browser, AUTH_CARD);
    const answer = await yes(browser, book.transactionId);
    if (answer.body.outcome !== "requires_action") throw new Error(JSON.stringify(answer.body));
    const confirmed = await browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: answer.body.clientSecret,
      paymentMethod: answer.body.paymentMethodId,
      authenticated: true,
    });
    expect(confirmed.body).toMatchObject({ paymentIntent: { status: "succeeded" } });
    expect((await yes(browser, book.transactionId)).body).toMatchObject({ outcome: "succeeded" });
    expect(await getDb().order.findFirstOrThrow({ where: { parentOrderId: book.transactionId } })).toMatchObject({
      status: "SUCCEEDED",
    });
  });

  it("offers the card form when the saved card is declined, and fulfils what it pays", async () => {
    const browser = new Browser();
    const book = await paidBook(browser, DECLINED_LATER_CARD);
    const answer = await yes(browser, book.transactionId);
    if (answer.body.outcome !== "card_required") throw new Error(JSON.stringify(answer.body));
    await browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: answer.body.clientSecret,
      card: card(GOOD_CARD),
    });
    expect((await yes(browser, book.transactionId)).body).toMatchObject({ outcome: "succeeded" });
    const paid = await getDb().demoPaymentIntent.count({
      where: { status: "succeeded", metadata: { path: ["order_id"], equals: answer.body.transactionId } },
    });
    expect(paid).toBe(1);
  });

  it("leads from No thanks to the downsell the owner published, and from its No thanks to the success page", async () => {
    await publishOffer({
      afterProductCode: "fast-forward-book",
      offerProductCode: COURSE,
      offerAmount: null,
      headline: "The course",
      body: "Build it with us.",
      downsellProductCode: COURSE,
      downsellAmount: 19_700,
      downsellHeadline: "The course, for less",
      downsellBody: "",
    });
    const audit = await getDb().auditLog.findFirstOrThrow({ where: { targetType: "catalog_offer" } });
    expect(audit).toMatchObject({ operatorId: owner.operatorId, action: "catalog.publish", details: { version: 2 } });

    const browser = new Browser();
    const book = await paidBook(browser);
    const no = await browser.call<NextOfferResponse>(decline, "/api/next-offer/decline", {
      transactionId: book.transactionId,
      productCode: COURSE,
    });
    expect(no.body.offer).toMatchObject({ step: "downsell", amount: 19_700, headline: "The course, for less" });
    // A stale tab's yes to the upsell buys the open step, at the downsell's price.
    const answer = await yes(browser, book.transactionId);
    expect(answer.body).toMatchObject({ outcome: "succeeded" });
    expect(await getDb().order.findUniqueOrThrow({ where: { id: answer.body.transactionId } })).toMatchObject({
      offerStep: "DOWNSELL",
      totalAmount: 19_700,
    });
    expect((await show(browser, book.transactionId)).body.offer).toBeNull();

    const other = new Browser();
    const second = await paidBook(other);
    await other.call(decline, "/api/next-offer/decline", { transactionId: second.transactionId, productCode: COURSE });
    const end = await other.call<NextOfferResponse>(decline, "/api/next-offer/decline", {
      transactionId: second.transactionId,
      productCode: COURSE,
    });
    expect(end.body.offer).toBeNull();
    expect(await getDb().order.count({ where: { parentOrderId: second.transactionId } })).toBe(0);
  });

  it("cancels a yes still waiting for authentication when the buyer says No thanks", async () => {
    const browser = new Browser();
    const book = await paidBook(browser, AUTH_CARD);
    const answer = await yes(browser, book.transactionId);
    if (answer.body.outcome !== "requires_action") throw new Error(JSON.stringify(answer.body));
    await browser.call(decline, "/api/next-offer/decline", { transactionId: book.transactionId, productCode: COURSE });
    const late = await browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: answer.body.clientSecret,
      paymentMethod: answer.body.paymentMethodId,
      authenticated: true,
    });
    expect(late.body).toMatchObject({ error: { code: "payment_intent_unexpected_state" } });
    expect(await getDb().order.findUniqueOrThrow({ where: { id: answer.body.transactionId } })).toMatchObject({
      status: "CANCELED",
      fulfilledAt: null,
    });
  });
});

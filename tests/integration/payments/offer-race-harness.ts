import { expect } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { seededRng } from "@/lib/experiments/shared/stats/simulate";
import type { AcceptOfferResponse, NextOfferResponse } from "@/lib/payments/shared/offer-schemas";
import { Browser, buyer } from "./helpers";
import { later } from "./race-harness";

// Randomized interleavings of one post-purchase offer, after a paid book order: several tabs
// clicking "Yes, add it", reloads, a "No thanks", another browser's accept, the page's own
// authentication or card form, and the webhook (or, in demo mode, the sync it runs), each after a
// seeded random delay. A failing round reproduces with its seed.

type Handler = (request: Request) => Promise<Response>;
export type OfferRoutes = {
  createIntent: Handler;
  nextOffer: Handler;
  accept: Handler;
  decline: Handler;
  paymentSuccess: Handler;
};
type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string; offerFollows?: boolean };

export const GOOD_CARD = "4242424242424242";
export const AUTH_CARD = "4000002760003184";
export const DECLINED_LATER_CARD = "4000000000000341";

export type OfferRaceMode = {
  routes: OfferRoutes;
  /** Pays the first order as the checkout's card form would, with this test card. */
  payFirst(browser: Browser, intent: Intent, cardNumber: string): Promise<void>;
  /** The page's authentication of a saved-card charge (Stripe.js, or the demo's step). */
  authenticate(browser: Browser, answer: { clientSecret: string; paymentMethodId: string }): Promise<void>;
  /** The page's card form, paid with a card that succeeds. */
  payCardForm(browser: Browser, clientSecret: string): Promise<void>;
  /** The provider's events (or the sync they trigger) for these orders, as delivered so far. */
  webhook(orderIds: string[], random: () => number): Promise<void>;
  /** Succeeded provider payments per order id, and what they received. */
  paidByOrder(orderIds: string[]): Promise<Map<string, number[]>>;
};

export type OfferTally = {
  rounds: number;
  accepted: number;
  declined: number;
  authenticated: number;
  paidByCardForm: number;
  /** A second provider payment for one offer order, or a second child order for one offer. */
  doubleCharges: number;
  /** A payment succeeded at the provider and its order was not fulfilled (or fulfilled twice). */
  chargedNotFulfilled: number;
  fulfilledUnpaid: number;
  /** Another browser got anything but a 404. */
  intruderAnswers: number;
  /** 503 service_unavailable: the pool was full (the page says "try again"); counted, not a failure. */
  overloaded: number;
  unexpected: string[];
};

const newTally = (): OfferTally => ({
  rounds: 0,
  accepted: 0,
  declined: 0,
  authenticated: 0,
  paidByCardForm: 0,
  doubleCharges: 0,
  chargedNotFulfilled: 0,
  fulfilledUnpaid: 0,
  intruderAnswers: 0,
  overloaded: 0,
  unexpected: [],
});

async function offerRound(mode: OfferRaceMode, seed: number, tally: OfferTally): Promise<void> {
  const random = seededRng(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const r = mode.routes;
  const browser = new Browser();
  const roll = random();
  const cardNumber = roll < 0.6 ? GOOD_CARD : roll < 0.8 ? AUTH_CARD : DECLINED_LATER_CARD;
  const created = await browser.call<Intent>(r.createIntent, "/api/create-payment-intent", buyer("fast-forward-book"));
  if (created.status !== 200 || !created.body.offerFollows) throw new Error(`seed ${seed}: create ${created.status}`);
  await mode.payFirst(browser, created.body, cardNumber);
  const root = created.body.transactionId;
  const note = (what: string, status: number, body: unknown, allowed: number[]) => {
    if (status === 503) tally.overloaded++;
    else if (!allowed.includes(status))
      tally.unexpected.push(`seed ${seed} ${what}: ${status} ${JSON.stringify(body)}`);
  };
  const orderIds = async () =>
    (await getDb().order.findMany({ where: { parentOrderId: root }, select: { id: true } })).map((o) => o.id);

  const tab = async () => {
    const res = await browser.call<AcceptOfferResponse>(r.accept, "/api/next-offer/accept", {
      transactionId: root,
      productCode: "ai-step-by-step",
    });
    // 409: a "No thanks" in another tab closed the offer first.
    note("accept", res.status, res.body, [200, 409]);
    if (res.status !== 200) return;
    const answer = res.body;
    if (answer.outcome === "requires_action" && random() < 0.7) {
      await mode.authenticate(browser, answer);
      tally.authenticated++;
    } else if (answer.outcome === "card_required" && random() < 0.7) {
      await mode.payCardForm(browser, answer.clientSecret);
      tally.paidByCardForm++;
    } else {
      return;
    }
    // The page settles what it confirmed by answering yes again.
    const settled = await browser.call(r.accept, "/api/next-offer/accept", {
      transactionId: root,
      productCode: "ai-step-by-step",
    });
    note("accept after the page's confirmation", settled.status, settled.body, [200, 409]);
  };
  const reload = async () => {
    const res = await browser.call<NextOfferResponse>(r.nextOffer, "/api/next-offer", { transactionId: root });
    note("next-offer", res.status, res.body, [200]);
  };
  const decline = async () => {
    const res = await browser.call(r.decline, "/api/next-offer/decline", {
      transactionId: root,
      productCode: "ai-step-by-step",
    });
    // 409: another tab's yes was paid first.
    note("decline", res.status, res.body, [200, 409]);
  };
  const intruder = async () => {
    const other = new Browser();
    const res = await other.call(r.accept, "/api/next-offer/accept", {
      transactionId: root,
      productCode: "ai-step-by-step",
    });
    if (res.status !== 404) tally.intruderAnswers++;
  };
  const ops: (() => Promise<unknown>)[] = [];
  for (let n = 2 + pick(2); n > 0; n--) ops.push(tab);
  for (let n = 1 + pick(2); n > 0; n--) ops.push(reload);
  // A delivery refused by a full pool (503, as Stripe would see it) is delivered again later.
  const deliver = async (): Promise<boolean> => {
    try {
      await mode.webhook(await orderIds(), random);
      return true;
    } catch (error) {
      if (!(error instanceof Error) || !/answered 503|timeout exceeded when trying to connect/.test(error.message)) {
        throw error;
      }
      tally.overloaded++;
      return false;
    }
  };
  for (let n = 1 + pick(2); n > 0; n--) ops.push(deliver);
  if (random() < 0.2) ops.push(decline);
  if (random() < 0.3) ops.push(intruder);
  await Promise.all(ops.map(async (op) => (await later(pick(25)), op())));

  // Afterwards the provider's retries and the buyer's page come back once more: that must be enough
  // (a page told "try again" by a full pool does so).
  for (let retry = 0; !(await deliver()) && retry < 3; retry++) await later(500);
  await reload();
  let claim = await browser.call(r.paymentSuccess, "/api/payment-success", { transactionId: root });
  for (let retry = 0; claim.status === 503 && retry < 3; retry++) {
    await later(500);
    claim = await browser.call(r.paymentSuccess, "/api/payment-success", { transactionId: root });
  }
  if (claim.status !== 200) {
    tally.unexpected.push(`seed ${seed} first order's success page: ${claim.status} ${JSON.stringify(claim.body)}`);
  }
  await check(mode, root, seed, tally);
}

async function check(mode: OfferRaceMode, root: string, seed: number, tally: OfferTally): Promise<void> {
  const db = getDb();
  tally.rounds++;
  const fail = (what: string) => console.error(`[offer-race] seed ${seed}: ${what}`);
  const children = await db.order.findMany({ where: { parentOrderId: root } });
  const declined = await db.offerDecline.count({ where: { parentOrderId: root } });
  if (declined > 0) tally.declined++;
  if (children.length > 1) {
    tally.doubleCharges++;
    fail(`${children.length} orders for one offer`);
  }
  const paid = await mode.paidByOrder(children.map((c) => c.id));
  for (const child of children) {
    const payments = paid.get(child.id) ?? [];
    const [accounts, tokens, emails] = await Promise.all([
      db.issuedAccount.count({ where: { orderId: child.id } }),
      db.handoffToken.count({ where: { orderId: child.id } }),
      db.outgoingEmail.count({ where: { orderId: child.id } }),
    ]);
    if (payments.length > 1) {
      tally.doubleCharges++;
      fail(`order ${child.id} charged ${payments.length} times`);
    }
    if (payments.length === 0) {
      if (child.fulfilledAt || accounts > 0) {
        tally.fulfilledUnpaid++;
        fail(`order ${child.id} fulfilled without a payment`);
      }
      continue;
    }
    tally.accepted++;
    const fulfilled =
      child.status === "SUCCEEDED" &&
      child.fulfilledAt !== null &&
      payments[0] === child.totalAmount &&
      accounts === 1 &&
      tokens === 1 &&
      emails === 1;
    if (!fulfilled) {
      tally.chargedNotFulfilled++;
      fail(`order ${child.id} paid but ${JSON.stringify({ status: child.status, accounts, tokens, emails })}`);
    }
  }
}

/** Runs the rounds three at a time (each has up to ten requests in flight): no offer charged twice, none charged and not fulfilled, and they really raced. */
export async function expectOfferRacesHold(label: string, mode: OfferRaceMode, seed: number, rounds: number) {
  const started = Date.now();
  const tally = newTally();
  let next = 0;
  const worker = async () => {
    for (let round = next++; round < rounds; round = next++) await offerRound(mode, seed + round, tally);
  };
  await Promise.all(Array.from({ length: 3 }, worker));
  console.log(`[offer-race] ${label}: ${JSON.stringify({ ...tally, seconds: (Date.now() - started) / 1000 })}`);
  expect(tally.unexpected).toEqual([]);
  expect(tally).toMatchObject({
    rounds,
    doubleCharges: 0,
    chargedNotFulfilled: 0,
    fulfilledUnpaid: 0,
    intruderAnswers: 0,
  });
  // The rounds really raced: offers were paid each way, and some were declined.
  expect(tally.accepted).toBeGreaterThan(rounds / 2);
  expect(tally.authenticated).toBeGreaterThan(0);
  expect(tally.paidByCardForm).toBeGreaterThan(0);
  expect(tally.declined).toBeGreaterThan(0);
}

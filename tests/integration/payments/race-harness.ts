import { expect, vi } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { AlreadyPaidError, type PaymentGateway } from "@/lib/payments/server/gateway";
import { seededRng } from "@/lib/experiments/shared/stats/simulate";
import { Browser, buyer } from "./helpers";

// Randomized interleavings of one team checkout: the card confirmation, seat changes
// (the stepper and a create call with another count), the buyer's claim and the webhook (or, in
// demo mode, the same sync the webhook runs), each started after a seeded random delay so that
// every round lands them in a different order. A failing round reproduces with its seed.

type Handler = (request: Request) => Promise<Response>;
export type Routes = {
  createIntent: Handler;
  updateSubscription: Handler;
  paymentSuccess: Handler;
  paymentSuccessMetadata: Handler;
};
/**
 * What the card form saw: "succeeded", "declined" (the test card's decline) or "refused" (the
 * intent was already paid or replaced); anything else is recorded as unexpected.
 */
export type ConfirmAnswer = {
  status: number;
  outcome: "succeeded" | "declined" | "refused" | "unexpected";
  body: unknown;
};
type Intent = { clientSecret: string; paymentIntentId: string; subscriptionId?: string; transactionId: string };

/** What differs between the demo gateway and Stripe (through the double). */
export type RaceMode = {
  routes: Routes;
  /** The gateway the routes use, whose own refusals (AlreadyPaidError) are counted. */
  gateway: PaymentGateway;
  /** Tries to pay the intent as the card form would; `decline` uses a declined test card. */
  confirm(
    browser: Browser,
    intent: { paymentIntentId: string; clientSecret: string },
    decline: boolean,
    random: () => number,
  ): Promise<ConfirmAnswer>;
  /** The provider's events (or the sync they trigger) for these ids, as delivered so far. */
  webhook(ids: Set<string>, random: () => number): Promise<void>;
  /** Amount received for each of these intents that succeeded at the provider. */
  paidAmounts(paymentIntentIds: string[]): Promise<Map<string, number>>;
};

export type RaceTally = {
  rounds: number;
  paidRounds: number;
  /** A payment succeeded at the provider and its order was not fulfilled for it. */
  paidButUnfulfilled: number;
  /** More than one account, token or purchase e-mail for one order, or a second payment. */
  doubleFulfilments: number;
  /** An order fulfilled without a payment that covers it. */
  fulfilledUnpaid: number;
  /** Answers outside 200/404/409 (a 5xx, a 502 from a provider refusal we did not expect). */
  unexpectedStatuses: string[];
  /** 409 already_paid answers to a seat change (our order row, or the provider, knew it was paid). */
  seatChangesRefusedAsPaid: number;
  /** Seat changes the provider itself refused because the payment won the race (AlreadyPaidError). */
  gatewayRefusals: number;
  /** Paid rounds where a seat change won first and the replacement was the one paid. */
  paidAfterChange: number;
};

export function newTally(): RaceTally {
  return {
    rounds: 0,
    paidRounds: 0,
    paidButUnfulfilled: 0,
    doubleFulfilments: 0,
    fulfilledUnpaid: 0,
    unexpectedStatuses: [],
    seatChangesRefusedAsPaid: 0,
    gatewayRefusals: 0,
    paidAfterChange: 0,
  };
}

export const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function raceRound(mode: RaceMode, seed: number, tally: RaceTally): Promise<void> {
  const random = seededRng(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const browser = new Browser();
  const input = buyer("team-training-seat", 1 + pick(3));
  const r = mode.routes;
  const created = await browser.call<Intent>(r.createIntent, "/api/create-payment-intent", input);
  if (created.status !== 200) throw new Error(`seed ${seed}: create answered ${created.status}`);
  const orderId = created.body.transactionId;
  const intents = new Set([created.body.paymentIntentId]);
  const ids = new Set([created.body.paymentIntentId, created.body.subscriptionId ?? ""]);
  // What the page holds now: the latest intent and subscription it was handed.
  let held = { paymentIntentId: created.body.paymentIntentId, subscriptionId: created.body.subscriptionId ?? "" };
  const note = (what: string, status: number, body: unknown, allowed: number[]) => {
    if (!allowed.includes(status))
      tally.unexpectedStatuses.push(`seed ${seed} ${what}: ${status} ${JSON.stringify(body)}`);
    const code = (body as { error?: { code?: string } }).error?.code;
    if (status === 409 && code === "already_paid") tally.seatChangesRefusedAsPaid++;
  };
  const adopt = (body: Partial<Intent>) => {
    if (body.paymentIntentId) {
      intents.add(body.paymentIntentId);
      ids.add(body.paymentIntentId);
    }
    if (body.subscriptionId) ids.add(body.subscriptionId);
    if (body.paymentIntentId && body.subscriptionId) {
      held = { paymentIntentId: body.paymentIntentId, subscriptionId: body.subscriptionId };
    }
  };
  const pay = async (intent: { paymentIntentId: string; clientSecret: string }, decline: boolean) => {
    const answer = await mode.confirm(browser, intent, decline, random);
    if (answer.outcome === "unexpected" || (answer.outcome === "declined" && !decline)) {
      tally.unexpectedStatuses.push(`seed ${seed} confirm: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  };
  const seats = () => 1 + pick(8);
  const decline = random() < 0.15;

  const change = async (quantity: number): Promise<Intent | null> => {
    const res = await browser.call<Intent>(r.updateSubscription, "/api/update-subscription", {
      subscriptionId: held.subscriptionId,
      quantity,
    });
    // 404: the id was replaced by another change meanwhile (the page would then hold the new one).
    note("update-subscription", res.status, res.body, [200, 404, 409]);
    if (res.status !== 200) return null;
    adopt(res.body);
    return res.body;
  };
  // The claim the page sends: some of the ids it holds, through either success route.
  const claim = async () => {
    const { paymentIntentId, subscriptionId } = held;
    const viaMetadata = random() < 0.5;
    const withIntent = random() < 0.5;
    const body = viaMetadata
      ? withIntent
        ? { paymentIntentId, subscriptionId }
        : { subscriptionId }
      : {
          transactionId: orderId,
          ...(withIntent ? { paymentIntentId } : {}),
          ...(random() < 0.5 ? { subscriptionId } : {}),
        };
    const res = viaMetadata
      ? await browser.call(r.paymentSuccessMetadata, "/api/payment-success-metadata", body)
      : await browser.call(r.paymentSuccess, "/api/payment-success", body);
    // 404: an id the page held was replaced by a concurrent seat change before the claim read it.
    note(viaMetadata ? "payment-success-metadata" : "payment-success", res.status, res.body, [200, 404, 409]);
  };
  const ops: (() => Promise<unknown>)[] = [
    () => pay(created.body, decline),
    async () => {
      const changed = await change(seats());
      // The page pays whatever the change handed back, as the card form would.
      if (changed && random() < 0.6) await pay(changed, false);
    },
    claim,
    () => mode.webhook(ids, random),
  ];
  if (random() < 0.5) ops.push(() => change(seats()));
  if (random() < 0.4) {
    ops.push(async () => {
      const res = await browser.call<Intent>(r.createIntent, "/api/create-payment-intent", {
        ...input,
        quantity: seats(),
      });
      note("create-payment-intent", res.status, res.body, [200, 409]);
      if (res.status === 200) adopt(res.body);
    });
  }
  await Promise.all(ops.map(async (op) => (await later(pick(25)), op())));

  // Afterwards the buyer's page (or Stripe's retry) comes back once more: that must be enough.
  await mode.webhook(ids, random);
  const last = await browser.call(r.paymentSuccess, "/api/payment-success", { transactionId: orderId });
  note("final payment-success", last.status, last.body, [200, 409]);
  await check(mode, orderId, [...intents], seed, tally);
}

async function check(mode: RaceMode, orderId: string, intents: string[], seed: number, tally: RaceTally) {
  const db = getDb();
  tally.rounds++;
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: { account: true } });
  const paid = await mode.paidAmounts(intents);
  const [accounts, tokens, emails] = await Promise.all([
    db.issuedAccount.count({ where: { orderId } }),
    db.handoffToken.count({ where: { orderId } }),
    db.outgoingEmail.count({ where: { orderId } }),
  ]);
  const fail = (what: string) => console.error(`[race] seed ${seed}: ${what}`);
  if (paid.size > 1 || accounts > 1 || tokens > 1 || emails > 1) {
    tally.doubleFulfilments++;
    fail(`paid ${paid.size}, accounts ${accounts}, tokens ${tokens}, e-mails ${emails}`);
  }
  if (paid.size === 0) {
    if (order.fulfilledAt || accounts > 0) {
      tally.fulfilledUnpaid++;
      fail("fulfilled without a payment");
    }
    return;
  }
  tally.paidRounds++;
  const [paymentIntentId, amount] = [...paid][0]!;
  if (paymentIntentId !== intents[0]) tally.paidAfterChange++;
  const fulfilled =
    order.providerPaymentId === paymentIntentId &&
    order.status === "SUCCEEDED" &&
    order.fulfilledAt !== null &&
    order.totalAmount === amount &&
    order.account?.seatsCount === amount / order.unitPrice &&
    accounts === 1 &&
    tokens === 1 &&
    emails === 1;
  if (!fulfilled) {
    tally.paidButUnfulfilled++;
    fail(`paid ${paymentIntentId} (${amount}) but the order is ${JSON.stringify({ ...order, account: null })}`);
  }
}

/** Runs `rounds` rounds, `parallel` at a time, seeds `seed`, `seed + 1`, … */
export async function runRounds(mode: RaceMode, seed: number, rounds: number, parallel: number): Promise<RaceTally> {
  const tally = newTally();
  // The provider's own refusals: a seat change that lost to a payment it could not see in our row.
  const original = mode.gateway.changeSubscriptionQuantity.bind(mode.gateway);
  const spy = vi.spyOn(mode.gateway, "changeSubscriptionQuantity").mockImplementation(async (id, input) => {
    try {
      return await original(id, input);
    } catch (error) {
      if (error instanceof AlreadyPaidError) tally.gatewayRefusals++;
      throw error;
    }
  });
  let next = 0;
  const worker = async () => {
    for (let round = next++; round < rounds; round = next++) await raceRound(mode, seed + round, tally);
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    spy.mockRestore();
  }
  return tally;
}

/** Runs the rounds four at a time and checks them: no payment lost or fulfilled twice, and they really raced. */
export async function expectRacesHold(label: string, mode: RaceMode, seed: number, rounds: number): Promise<void> {
  const started = Date.now();
  const tally = await runRounds(mode, seed, rounds, 4);
  console.log(`[race] ${label}: ${JSON.stringify({ ...tally, seconds: (Date.now() - started) / 1000 })}`);
  expect(tally.unexpectedStatuses).toEqual([]);
  expect(tally).toMatchObject({ rounds, paidButUnfulfilled: 0, doubleFulfilments: 0, fulfilledUnpaid: 0 });
  // The rounds really raced: payments happened, and some seat changes lost to them.
  expect(tally.paidRounds).toBeGreaterThan(rounds / 2);
  expect(tally.seatChangesRefusedAsPaid).toBeGreaterThan(0);
  expect(tally.gatewayRefusals).toBeGreaterThan(0);
  expect(tally.paidAfterChange).toBeGreaterThan(0);
}

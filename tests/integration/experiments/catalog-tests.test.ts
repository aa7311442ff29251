import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPost } from "@/app/api/admin/experiments/route";
import { POST as startPost } from "@/app/api/admin/experiments/start/route";
import { POST as stopPost } from "@/app/api/admin/experiments/stop/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as nextOffer } from "@/app/api/next-offer/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { getExperimentResults } from "@/lib/console/server/experiment-results-report";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { signPreview } from "@/lib/experiments/server/preview-token";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";
import type { VariantWeight } from "@/lib/experiments/shared/surfaces";
import { findProduct } from "@/lib/payments/server/catalog";
import { offeredBumps } from "@/lib/payments/server/choose-bumps";
import { priceForBrowser } from "@/lib/payments/server/experiment-price";
import { publishPrice } from "@/lib/payments/server/publish-price";
import { readBumps } from "@/lib/payments/server/read-bumps";
import type { NextOfferResponse } from "@/lib/payments/shared/offer-schemas";
import { getDb } from "@/lib/platform/server/db";
import { browserCookieHeader } from "@/lib/platform/server/security/browser-cookie";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";
import { Browser, buyer, DEMO_CARD } from "../payments/helpers";

// A price, bump or post-purchase offer test end to end below the page: the server decides each
// browser's amount from its exposure, the request cannot change it, and the results report counts
// revenue per visitor per variant from the same exposures as the landing's tests.

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOOK = "fast-forward-book";
const HALF: VariantWeight[] = [
  { key: "control", weight: 1 },
  { key: "higher", weight: 1 },
];

/** A real browser: a user agent (no user agent is a bot, left out of tests) and a chosen browser id. */
class Visitor extends Browser {
  constructor(readonly browserId: string) {
    super();
    this.cookie = browserCookieHeader(browserId).split(";")[0]!;
  }
  override request(path: string, body: unknown): Request {
    const request = super.request(path, body);
    request.headers.set("user-agent", CHROME);
    return request;
  }
}

/** A browser the experiment assigns to `variant`. */
function visitorIn(experimentKey: string, variants: VariantWeight[], variant: string): Visitor {
  for (;;) {
    const id = randomUUID();
    if (assignVariant(experimentKey, id, variants) === variant) return new Visitor(id);
  }
}

type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string; amount: number };
const buyers = new Map<string, ReturnType<typeof buyer>>();

async function checkout(browser: Browser, extra: Record<string, unknown> = {}) {
  const input = buyer(BOOK);
  const answer = await browser.call<Intent & { error?: { code: string } }>(createIntent, "/api/create-payment-intent", {
    ...input,
    ...extra,
  });
  if (answer.status === 200) buyers.set(answer.body.transactionId, input);
  return answer;
}

async function pay(browser: Browser, intent: Intent): Promise<void> {
  const paid = await browser.call(confirmDemo, "/api/demo-payments/confirm", {
    clientSecret: intent.clientSecret,
    card: DEMO_CARD,
  });
  expect(paid.body).toMatchObject({ paymentIntent: { status: "succeeded" } });
  // The success page confirms the order, as the buyer's browser would.
  const { email, name, contactId } = buyers.get(intent.transactionId)!;
  const { paymentIntentId, transactionId } = intent;
  const claimed = await browser.call(paymentSuccess, "/api/payment-success", {
    email,
    name,
    contactId,
    paymentIntentId,
    transactionId,
  });
  expect(claimed.status).toBe(200);
}

let owner: SignedInOperator;
beforeAll(async () => {
  owner = await signedInOperator();
});

async function startedExperiment(body: Record<string, unknown>): Promise<string> {
  const created = await createPost(adminRequest("/api/admin/experiments", { body, cookie: owner.cookie }));
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await startPost(adminRequest("/api/admin/experiments/start", { body: { id }, cookie: owner.cookie }));
  expect(started.status).toBe(200);
  return id;
}

async function stopped(id: string, rollout: string): Promise<void> {
  const answer = await stopPost(
    adminRequest("/api/admin/experiments/stop", { body: { id, rollout }, cookie: owner.cookie }),
  );
  expect(answer.status).toBe(200);
  forgetSurfaceState();
}

describe("a price test", () => {
  const key = `book-price-${randomUUID().slice(0, 8)}`;
  let id: string;
  const control = visitorIn(key, HALF, "control");
  const higher = visitorIn(key, HALF, "higher");
  const paidIntents = new Map<string, Intent>();

  beforeAll(async () => {
    id = await startedExperiment({
      key,
      surface: "price",
      variants: HALF,
      primaryMetric: "revenue",
      subject: {
        kind: "price",
        productCode: BOOK,
        variants: { control: { amount: 700 }, higher: { amount: 900 } },
      },
    });
  });

  it("charges two browsers in different variants different server-decided amounts for the same product", async () => {
    for (const [variant, browser, amount] of [
      ["control", control, 700],
      ["higher", higher, 900],
    ] as const) {
      const intent = await checkout(browser);
      expect(intent.status).toBe(200);
      expect(intent.body.amount).toBe(amount);
      const order = await getDb().order.findUniqueOrThrow({ where: { id: intent.body.transactionId } });
      // The order keeps what it was priced at and under which variant.
      expect(order).toMatchObject({ unitPrice: amount, totalAmount: amount, experimentVariants: { [key]: variant } });
      expect(
        await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: order.providerPaymentId! } }),
      ).toMatchObject({ amount });
      paidIntents.set(variant, intent.body);
    }
  });

  it("shows the checkout page the price the browser is charged", async () => {
    const book = (await findProduct(BOOK))!;
    const visitor = { browserId: higher.browserId, userAgent: CHROME };
    expect((await priceForBrowser(book, visitor)).product.unitAmount).toBe(900);
    expect((await priceForBrowser(book, { ...visitor, browserId: control.browserId })).product.unitAmount).toBe(700);
  });

  it("refuses an amount sent by the client, and ignores a forged preview", async () => {
    const withAmount = await checkout(higher, { amount: 100 });
    expect(withAmount.status).toBe(400);
    const forged = `${id}~control.${"A".repeat(43)}`;
    const answer = await checkout(higher, { experimentPreview: forged });
    expect(answer.status).toBe(200);
    expect(answer.body.amount).toBe(900);
  });

  it("prices by a console preview without joining the browser to the test", async () => {
    const outsider = new Visitor(randomUUID());
    const answer = await checkout(outsider, {
      experimentPreview: signPreview({ experimentId: id, variant: "higher" }),
    });
    expect(answer.body.amount).toBe(900);
    expect(await getDb().experimentExposure.count({ where: { experimentId: id, browserId: outsider.browserId } })).toBe(
      0,
    );
  });

  it("records exposures and paid outcomes per variant, and the report's revenue per visitor", async () => {
    await pay(control, paidIntents.get("control")!);
    await pay(higher, paidIntents.get("higher")!);
    // A third visitor of the higher price looks and leaves.
    const browsing = visitorIn(key, HALF, "higher");
    await priceForBrowser((await findProduct(BOOK))!, { browserId: browsing.browserId, userAgent: CHROME });

    const rows = await getDb().experimentExposure.findMany({
      where: { experimentId: id },
      orderBy: { variant: "asc" },
    });
    const byVariant = (variant: string) => rows.filter((r) => r.variant === variant);
    expect(byVariant("control").map((r) => [r.paid, r.net])).toEqual([[true, 700]]);
    expect(
      byVariant("higher")
        .map((r) => [r.paid, r.net])
        .sort(),
    ).toEqual([
      [false, 0],
      [true, 900],
    ]);

    const results = await getExperimentResults(id);
    expect(results?.variants.map((v) => [v.key, v.visitors, v.steps.paid, v.netRevenue, v.revenuePerVisitor])).toEqual([
      ["control", 1, 1, 700, 700],
      ["higher", 2, 1, 900, 450],
    ]);
    expect(results?.analysis).toBeDefined();
  });

  it("after a stop, charges everyone the rolled-out price until the catalog publishes a newer one; orders keep theirs", async () => {
    const order = paidIntents.get("higher")!.transactionId;
    await stopped(id, "higher");
    const newcomer = new Visitor(randomUUID());
    expect((await checkout(newcomer)).body.amount).toBe(900);

    await publishPrice(
      { productCode: BOOK, unitAmount: 800, referenceAmount: 4797, minQuantity: 1, maxQuantity: 10 },
      "test",
    );
    const later = new Visitor(randomUUID());
    expect((await checkout(later)).body.amount).toBe(800);
    expect(await getDb().order.findUniqueOrThrow({ where: { id: order } })).toMatchObject({ totalAmount: 900 });
    await publishPrice(
      { productCode: BOOK, unitAmount: 700, referenceAmount: 4797, minQuantity: 1, maxQuantity: 10 },
      "test",
    );
  });
});

describe("a bump test", () => {
  const key = `book-bump-${randomUUID().slice(0, 8)}`;
  const variants: VariantWeight[] = [
    { key: "shown", weight: 1 },
    { key: "hidden", weight: 1 },
  ];
  let id: string;
  let bumpId: string;

  beforeAll(async () => {
    bumpId = (await readBumps()).find((b) => b.productCode === BOOK && b.active)!.id;
    id = await startedExperiment({
      key,
      surface: "bump",
      variants,
      primaryMetric: "revenue",
      subject: { kind: "bump", productCode: BOOK, variants: { shown: { bumpIds: [bumpId] }, hidden: { bumpIds: [] } } },
    });
  });

  it("offers the bump to one variant only, and refuses it to a browser that was not offered it", async () => {
    const book = (await findProduct(BOOK))!;
    const shown = visitorIn(key, variants, "shown");
    const hidden = visitorIn(key, variants, "hidden");
    const offered = async (v: Visitor) =>
      (await offeredBumps(book, { browserId: v.browserId, userAgent: CHROME })).map((o) => o.bump.id);
    expect(await offered(shown)).toEqual([bumpId]);
    expect(await offered(hidden)).toEqual([]);

    const refused = await checkout(hidden, { bumps: [bumpId] });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe("bump_not_offered");
    const bought = await checkout(shown, { bumps: [bumpId] });
    expect(bought.status).toBe(200);
    expect(bought.body.amount).toBeGreaterThan(700);
    await pay(shown, bought.body);
    const results = await getExperimentResults(id);
    expect(results?.variants.map((v) => [v.key, v.visitors, v.netRevenue])).toEqual([
      ["shown", 1, bought.body.amount],
      ["hidden", 1, 0],
    ]);
    await stopped(id, "hidden");
    expect(await offered(new Visitor(randomUUID()))).toEqual([]);
  });
});

describe("a post-purchase offer test", () => {
  const key = `book-offer-${randomUUID().slice(0, 8)}`;
  const variants: VariantWeight[] = [
    { key: "cheaper", weight: 1 },
    { key: "none", weight: 1 },
  ];

  beforeAll(async () => {
    await startedExperiment({
      key,
      surface: "post_offer",
      variants,
      primaryMetric: "revenue",
      subject: {
        kind: "post_offer",
        productCode: BOOK,
        variants: { cheaper: { shown: true, amount: 9700 }, none: { shown: false, amount: null } },
      },
    });
  });

  it("shows the offer at the variant's price to one buyer and nothing to the other", async () => {
    const next = async (variant: string) => {
      const browser = visitorIn(key, variants, variant);
      const intent = await checkout(browser);
      await pay(browser, intent.body);
      return browser.call<NextOfferResponse>(nextOffer, "/api/next-offer", {
        transactionId: intent.body.transactionId,
      });
    };
    expect((await next("cheaper")).body.offer).toMatchObject({ productCode: "ai-step-by-step", amount: 9700 });
    expect((await next("none")).body.offer).toBeNull();
  });

  it("asks only a buyer whose variant shows the offer to let the card be kept, and keeps only that card", async () => {
    const firstPayment = async (variant: string) => {
      const browser = visitorIn(key, variants, variant);
      const intent = await checkout(browser);
      expect(intent.status).toBe(200);
      const saved = await getDb().demoPaymentIntent.findUniqueOrThrow({
        where: { id: intent.body.paymentIntentId },
        select: { setupFutureUsage: true, customerId: true },
      });
      // The consent line shows where the answer says an offer follows (components/checkout).
      return { offerFollows: (intent.body as { offerFollows?: boolean }).offerFollows ?? false, ...saved };
    };
    expect(await firstPayment("cheaper")).toMatchObject({ offerFollows: true, setupFutureUsage: "off_session" });
    expect(await firstPayment("none")).toEqual({ offerFollows: false, setupFutureUsage: null, customerId: null });
  });
});

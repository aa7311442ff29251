import { beforeAll, describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { getDb } from "@/lib/platform/server/db";
import { findProduct } from "@/lib/payments/server/catalog";
import { offeredBumps } from "@/lib/payments/server/choose-bumps";
import { publishBump } from "@/lib/payments/server/publish-bump";
import { publishPrice } from "@/lib/payments/server/publish-price";
import { orderDetail } from "@/lib/console/server/order-detail";
import { ORDER_EXPORT_COLUMNS, ORDER_EXPORT_SELECT, orderExportRows } from "@/lib/console/server/order-exports";
import { Browser, buyer, paidDemoPurchase } from "./helpers";

// Order bumps: priced by the server from the bump product's current price, added to the same
// payment, recorded per order with the price row and version they were bought at.

type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string; amount: number };
type ErrorBody = { error: { code: string; message: string } };

const create = (browser: Browser, body: unknown) =>
  browser.call<Intent & Partial<ErrorBody>>(createIntent, "/api/create-payment-intent", body);
const bumpsOf = (orderId: string) => getDb().orderBump.findMany({ where: { orderId }, orderBy: { position: "asc" } });

let courseBump: string;
let workbookBump: string;
/** A bump of the course, not of the book. */
let foreignBump: string;

beforeAll(async () => {
  const db = getDb();
  await db.catalogProduct.create({
    data: {
      code: "workbook",
      name: "Fast Forward workbook",
      kind: "ONE_TIME",
      position: 5,
      prices: { create: { version: 1, unitAmount: 1_900, minQuantity: 1, maxQuantity: 1, createdBy: "test" } },
    },
  });
  const seeded = await offeredBumps((await findProduct("fast-forward-book"))!);
  courseBump = seeded[0]!.bump.id;
  const copy = { description: "Fill it in as you read.", active: true };
  workbookBump = (
    await publishBump(
      {
        productCode: "fast-forward-book",
        bumpProductCode: "workbook",
        headline: "Add the workbook",
        position: 2,
        ...copy,
      },
      "test",
    )
  ).bumpId;
  foreignBump = (
    await publishBump(
      { productCode: "ai-step-by-step", bumpProductCode: "workbook", headline: "Workbook too", position: 1, ...copy },
      "test",
    )
  ).bumpId;
});

describe("the seeded bump", () => {
  it("is today's add-on: the course on the book's order, in the offer's words, at the course's price", async () => {
    const [first] = await offeredBumps((await findProduct("fast-forward-book"))!);
    expect(first).toMatchObject({
      bump: { productCode: "fast-forward-book", bumpProductCode: "ai-step-by-step", version: 1, active: true },
      product: { id: "ai-step-by-step", unitAmount: 49_700 },
    });
    expect(first!.bump.headline).toBe("Yes! Add AI Step By Step to my order");
  });
});

describe("create-payment-intent with bumps", () => {
  it("adds every chosen bump to the one payment and records each with its price row", async () => {
    const input = { ...buyer("fast-forward-book", 2), bumps: [workbookBump, courseBump] };
    const created = await create(new Browser(), input);
    expect(created.status).toBe(200);
    expect(created.body.amount).toBe(2 * 700 + 49_700 + 1_900);
    const order = await getDb().order.findUniqueOrThrow({ where: { id: created.body.transactionId } });
    expect(order).toMatchObject({
      totalAmount: 2 * 700 + 49_700 + 1_900,
      productName: "Fast Forward (digital book) + AI Step By Step + Fast Forward workbook",
      upsellProductId: "ai-step-by-step",
    });
    const coursePrice = (await findProduct("ai-step-by-step"))!.priceId;
    expect((await bumpsOf(order.id)).map((b) => [b.bumpId, b.productCode, b.priceId, b.amount])).toEqual([
      [courseBump, "ai-step-by-step", coursePrice, 49_700],
      [workbookBump, "workbook", (await findProduct("workbook"))!.priceId, 1_900],
    ]);

    // The console's order page and the orders CSV list each bump.
    const detail = await orderDetail(order.id);
    expect(detail!.order.bumps.map((b) => [b.productName, b.amount, b.bumpVersion.headline])).toEqual([
      ["AI Step By Step", 49_700, "Yes! Add AI Step By Step to my order"],
      ["Fast Forward workbook", 1_900, "Add the workbook"],
    ]);
    const [raw] = await getDb().$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT ${ORDER_EXPORT_SELECT} FROM orders o WHERE o.id = $1::uuid`,
      order.id,
    );
    const csvRow = (await orderExportRows())(Object.values(raw!));
    expect(csvRow[ORDER_EXPORT_COLUMNS.indexOf("add_on")]).toBe("AI Step By Step, Fast Forward workbook");
  });

  it("keys the order by its bumps: a retry, parallel calls and includeUpsell share one order", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    // The first call gives the browser its cookie.
    const first = await create(browser, { ...input, bumps: [courseBump] });
    const answers = await Promise.all([
      create(browser, { ...input, bumps: [courseBump] }),
      create(browser, { ...input, bumps: [courseBump] }),
      create(browser, { ...input, includeUpsell: true }),
      create(browser, { ...input, includeUpsell: true, bumps: [courseBump] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set([first, ...answers].map((a) => a.body.paymentIntentId)).size).toBe(1);
    const orderId = first.body.transactionId;
    expect((await bumpsOf(orderId)).map((b) => b.bumpId)).toEqual([courseBump]);

    const both = await create(browser, { ...input, bumps: [courseBump, workbookBump] });
    const none = await create(browser, input);
    expect(new Set([orderId, both.body.transactionId, none.body.transactionId]).size).toBe(3);
    expect([both.body.amount, none.body.amount]).toEqual([700 + 49_700 + 1_900, 700]);
    expect(await bumpsOf(none.body.transactionId)).toEqual([]);
  });

  it("refuses unknown, foreign and inactive bumps, bumps on a subscription, and creates no order", async () => {
    const db = getDb();
    const retired = await db.catalogProduct.create({
      data: {
        code: "old-notes",
        name: "Old notes",
        kind: "ONE_TIME",
        position: 6,
        prices: { create: { version: 1, unitAmount: 500, minQuantity: 1, maxQuantity: 1, createdBy: "test" } },
      },
    });
    const { bumpId: retiredBump } = await publishBump(
      {
        productCode: "fast-forward-book",
        bumpProductCode: retired.code,
        headline: "Notes",
        description: "",
        position: 3,
        active: true,
      },
      "test",
    );
    await publishBump({ bumpId: retiredBump, headline: "Notes", description: "", position: 3, active: false }, "test");

    const input = buyer("fast-forward-book");
    const before = await db.order.count();
    for (const bumps of [[crypto.randomUUID()], [foreignBump], [retiredBump], [courseBump, foreignBump]]) {
      const refused = await create(new Browser(), { ...input, bumps });
      expect(refused.status, JSON.stringify(bumps)).toBe(400);
      expect(refused.body.error?.code).toBe("bump_not_offered");
    }
    const seats = await create(new Browser(), { ...buyer("team-training-seat"), bumps: [courseBump] });
    expect([seats.status, seats.body.error?.code]).toEqual([400, "bump_not_offered"]);
    const course = await create(new Browser(), { ...buyer("workbook"), includeUpsell: true, bumps: [] });
    expect([course.status, course.body.error?.code]).toEqual([400, "bump_not_offered"]);
    for (const bumps of [[courseBump, courseBump], ["not-a-uuid"], courseBump]) {
      const malformed = await create(new Browser(), { ...input, bumps });
      expect([malformed.status, malformed.body.error?.code]).toEqual([400, "invalid_request"]);
    }
    expect(await db.order.count()).toBe(before);
  });

  it("leaves an existing order at the bump's old price and words; the next order pays the new ones", async () => {
    const browser = new Browser();
    const input = { ...buyer("fast-forward-book"), bumps: [courseBump] };
    const first = await create(browser, input);
    const [bought] = await bumpsOf(first.body.transactionId);

    await publishPrice(
      { productCode: "ai-step-by-step", unitAmount: 29_700, referenceAmount: 399_700, minQuantity: 1, maxQuantity: 1 },
      "test",
    );
    await publishBump(
      { bumpId: courseBump, headline: "Add the course", description: "New words.", position: 1, active: true },
      "test",
    );
    const retry = await create(browser, input);
    expect([retry.body.transactionId, retry.body.paymentIntentId, retry.body.amount]).toEqual([
      first.body.transactionId,
      first.body.paymentIntentId,
      700 + 49_700,
    ]);
    expect(await bumpsOf(first.body.transactionId)).toEqual([bought]);

    const next = await create(new Browser(), { ...buyer("fast-forward-book"), bumps: [courseBump] });
    expect(next.body.amount).toBe(700 + 29_700);
    const [nextBump] = await bumpsOf(next.body.transactionId);
    expect(nextBump!.amount).toBe(29_700);
    expect(nextBump!.priceId).not.toBe(bought!.priceId);
    expect(nextBump!.bumpVersionId).not.toBe(bought!.bumpVersionId);
  });

  it("fulfils a paid order with its bumps named in what the buyer was sold", async () => {
    const browser = new Browser();
    const input = { ...buyer("fast-forward-book"), bumps: [workbookBump] };
    const { claim } = await paidDemoPurchase(browser, input);
    const success = await browser.call<{ loginDetails: { productPurchased: string } }>(
      paymentSuccess,
      "/api/payment-success",
      claim,
    );
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.productPurchased).toBe("Fast Forward (digital book) + Fast Forward workbook");
  });
});

describe("bump versions", () => {
  it("are never changed in place", async () => {
    await expect(getDb().catalogBumpVersion.updateMany({ data: { headline: "edited" } })).rejects.toThrow(
      /never changed/,
    );
  });
});

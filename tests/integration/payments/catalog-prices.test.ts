import { describe, expect, it, vi } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as updateSubscription } from "@/app/api/update-subscription/route";
import { GET as products } from "@/app/api/products/route";
import { getDb } from "@/lib/platform/server/db";
import { findProduct, listProducts } from "@/lib/payments/server/catalog";
import { publishPrice } from "@/lib/payments/server/publish-price";
import { CATALOG_CACHE_MS, forgetCatalog, readCatalog } from "@/lib/payments/server/read-catalog";
import { Browser, buyer, createdIntent } from "./helpers";

// Prices come from the catalog tables: a published version prices the next checkout, and an order
// keeps the amounts and the version it was created with.

type Intent = { clientSecret: string; subscriptionId?: string; transactionId: string; amount: number };

const orderOf = (id: string) => getDb().order.findUniqueOrThrow({ where: { id } });
const priceIdOf = async (productCode: string, version: number) =>
  (await getDb().catalogPrice.findUniqueOrThrow({ where: { productCode_version: { productCode, version } } })).id;

describe("the catalog read", () => {
  it("lists the stored products in their order and hides the test product unless enabled", async () => {
    expect((await listProducts(false)).map((p) => [p.id, p.unitAmount, p.interval, p.quantityKind, p.version])).toEqual(
      [
        ["fast-forward-book", 700, "one_time", "copies", 2],
        ["ai-step-by-step", 49_700, "one_time", "single", 1],
        ["team-training-seat", 50_000, "month", "seats", 1],
      ],
    );
    expect(await findProduct("team-training-test", false)).toBeNull();
    expect(await findProduct("team-training-test", true)).toMatchObject({ interval: "month", unitAmount: 100 });
  });

  it("reaches another instance's publish within CATALOG_CACHE_MS, and its own at once", async () => {
    forgetCatalog();
    const start = Date.now();
    const version = async (now: number) => (await readCatalog(now)).find((p) => p.id === "team-training-test")?.version;
    expect(await version(start)).toBe(1);
    // As another instance would: a new row, without this process's publishPrice.
    await getDb().catalogPrice.create({
      data: {
        productCode: "team-training-test",
        version: 2,
        unitAmount: 200,
        minQuantity: 1,
        maxQuantity: 50,
        createdBy: "other-instance",
      },
    });
    expect(await version(start + CATALOG_CACHE_MS - 1)).toBe(1);
    expect(await version(start + CATALOG_CACHE_MS)).toBe(2);
    await publishPrice(
      { productCode: "team-training-test", unitAmount: 300, referenceAmount: null, minQuantity: 1, maxQuantity: 50 },
      "test",
    );
    expect(await version(start + CATALOG_CACHE_MS + 1)).toBe(3);
  });
});

describe("the catalog cache across copies of its module", () => {
  it("is forgotten for every copy: Next.js bundles the publishing route and the pages apart", async () => {
    const pages = await import("@/lib/payments/server/read-catalog");
    vi.resetModules();
    const route = await import("@/lib/payments/server/read-catalog");
    expect(route).not.toBe(pages);
    const start = Date.now();
    const versionIn = async (copy: typeof pages) =>
      (await copy.readCatalog(start + 1)).find((p) => p.id === "team-training-test")?.version;
    const before = await versionIn(pages);
    const latest = await getDb().catalogPrice.findFirstOrThrow({
      where: { productCode: "team-training-test" },
      orderBy: { version: "desc" },
    });
    await getDb().catalogPrice.create({
      data: {
        productCode: "team-training-test",
        version: latest.version + 1,
        unitAmount: 400,
        minQuantity: 1,
        maxQuantity: 50,
        createdBy: "test",
      },
    });
    expect(await versionIn(pages)).toBe(before);
    route.forgetCatalog();
    expect(await versionIn(pages)).toBe(latest.version + 1);
  });
});

describe("publishing a price", () => {
  it("charges the next checkout the new price while an order already created keeps its amount", async () => {
    const early = new Browser();
    const earlyInput = buyer("fast-forward-book", 2);
    const before = await createdIntent<Intent>(early, createIntent, earlyInput);
    expect(before.amount).toBe(1400);

    const published = await publishPrice(
      { productCode: "fast-forward-book", unitAmount: 900, referenceAmount: 4797, minQuantity: 1, maxQuantity: 1000 },
      "operator-1",
    );
    expect(published).toMatchObject({ version: 3, createdBy: "operator-1" });

    const late = await createdIntent<Intent>(new Browser(), createIntent, buyer("fast-forward-book", 2));
    expect(late.amount).toBe(1800);
    expect(await orderOf(late.transactionId)).toMatchObject({
      unitPrice: 900,
      totalAmount: 1800,
      priceId: published.id,
    });
    const listed = (await (await products()).json()) as { products: { id: string; unitAmount: number }[] };
    expect(listed.products.find((p) => p.id === "fast-forward-book")?.unitAmount).toBe(900);

    // The earlier buyer's retry finds its own order, at the price it was created with, and pays it.
    const again = await createdIntent<Intent>(early, createIntent, earlyInput);
    expect([again.transactionId, again.amount]).toEqual([before.transactionId, 1400]);
    const paid = await early.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: before.clientSecret,
      card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
    });
    expect(paid.body).toMatchObject({ paymentIntent: { status: "succeeded" } });
    expect(await orderOf(before.transactionId)).toMatchObject({
      unitPrice: 700,
      totalAmount: 1400,
      priceId: await priceIdOf("fast-forward-book", 2),
    });
  });

  it("keeps a seat order's seat price through a seat change after the price changed", async () => {
    const browser = new Browser();
    const before = await createdIntent<Intent>(browser, createIntent, buyer("team-training-seat", 1));
    expect(before.amount).toBe(50_000);
    await publishPrice(
      {
        productCode: "team-training-seat",
        unitAmount: 60_000,
        referenceAmount: 200_000,
        minQuantity: 1,
        maxQuantity: 50,
      },
      "operator-1",
    );
    const changed = await browser.call(updateSubscription, "/api/update-subscription", {
      subscriptionId: before.subscriptionId,
      quantity: 3,
    });
    expect(changed.status).toBe(200);
    expect(await orderOf(before.transactionId)).toMatchObject({ quantity: 3, unitPrice: 50_000, totalAmount: 150_000 });
    const late = await createdIntent<Intent>(new Browser(), createIntent, buyer("team-training-seat", 3));
    expect(late.amount).toBe(180_000);
  });

  it("refuses an unknown product and an empty quantity range", async () => {
    const price = { unitAmount: 700, referenceAmount: null, minQuantity: 1, maxQuantity: 10 };
    await expect(publishPrice({ ...price, productCode: "no-such-product" }, "operator-1")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      publishPrice({ ...price, productCode: "fast-forward-book", maxQuantity: 0 }, "operator-1"),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });
});

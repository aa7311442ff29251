import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";

// The migration stores the catalog as the code had it, and a published price is never edited.

describe("catalog tables", () => {
  it("hold today's products and prices as version 1", async () => {
    const prices = await getDb().catalogPrice.findMany({
      where: { version: 1 },
      include: { product: true },
      orderBy: { product: { position: "asc" } },
    });
    expect(
      prices.map((p) => [
        p.productCode,
        p.product.name,
        p.product.kind,
        p.version,
        p.unitAmount,
        p.referenceAmount,
        p.minQuantity,
        p.maxQuantity,
        p.createdBy,
      ]),
    ).toEqual([
      ["fast-forward-book", "Fast Forward (digital book)", "ONE_TIME", 1, 700, 4797, 1, 10, "migration"],
      ["ai-step-by-step", "AI Step By Step", "ONE_TIME", 1, 49_700, 399_700, 1, 1, "migration"],
      [
        "team-training-seat",
        "Realtime AI Academy team training",
        "SUBSCRIPTION_PER_SEAT",
        1,
        50_000,
        200_000,
        1,
        50,
        "migration",
      ],
      [
        "team-training-test",
        "Realtime AI Academy team training (test purchase)",
        "SUBSCRIPTION_PER_SEAT",
        1,
        100,
        null,
        1,
        50,
        "migration",
      ],
    ]);
  });

  it("sell the book 1 to 1,000 copies at the same price from version 2", async () => {
    const book = await getDb().catalogPrice.findMany({
      where: { productCode: "fast-forward-book" },
      orderBy: { version: "asc" },
    });
    expect(book.map((p) => [p.version, p.unitAmount, p.referenceAmount, p.minQuantity, p.maxQuantity])).toEqual([
      [1, 700, 4797, 1, 10],
      [2, 700, 4797, 1, 1000],
    ]);
  });

  it("refuses to change or delete a published price", async () => {
    const db = getDb();
    const book = await db.catalogPrice.findFirstOrThrow({ where: { productCode: "fast-forward-book" } });
    await expect(db.catalogPrice.update({ where: { id: book.id }, data: { unitAmount: 1 } })).rejects.toThrow(
      /never changed/,
    );
    await expect(db.catalogPrice.delete({ where: { id: book.id } })).rejects.toThrow(/never changed/);
    expect((await db.catalogPrice.findUniqueOrThrow({ where: { id: book.id } })).unitAmount).toBe(700);
  });

  it("refuses a price whose range is empty, and a second row of the same version", async () => {
    const db = getDb();
    const row = { productCode: "fast-forward-book", unitAmount: 700, minQuantity: 1, createdBy: "test" };
    await expect(db.catalogPrice.create({ data: { ...row, version: 2, maxQuantity: 0 } })).rejects.toThrow(
      /catalog_prices_amounts_valid/,
    );
    await expect(db.catalogPrice.create({ data: { ...row, version: 1, maxQuantity: 10 } })).rejects.toThrow();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { POST as bumpPost } from "@/app/api/admin/catalog/bumps/route";
import { getDb } from "@/lib/platform/server/db";
import { findProduct } from "@/lib/payments/server/catalog";
import { offeredBumps } from "@/lib/payments/server/choose-bumps";
import { listCatalog } from "@/lib/console/server/catalog-list";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";

// An owner adds an order bump to a product, changes its words, or takes it off the checkout: each
// is a new version, audited, offered by this instance at once; nobody else may, and a
// subscription takes no bumps.

type Answer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

let owner: SignedInOperator;

beforeAll(async () => {
  owner = await signedInOperator();
  await getDb().catalogProduct.create({
    data: {
      code: "workbook",
      name: "Fast Forward workbook",
      kind: "ONE_TIME",
      position: 5,
      prices: { create: { version: 1, unitAmount: 1_900, minQuantity: 1, maxQuantity: 1, createdBy: "test" } },
    },
  });
});

async function publish(body: unknown, cookie = owner.cookie): Promise<Answer> {
  const response = await bumpPost(adminRequest("/api/admin/catalog/bumps", { body, cookie }));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const workbook = {
  productCode: "fast-forward-book",
  bumpProductCode: "workbook",
  headline: "Add the workbook",
  description: "Fill it in as you read.",
  position: 2,
  active: true,
};
const offeredOnBook = async () =>
  (await offeredBumps((await findProduct("fast-forward-book"))!)).map((o) => [o.bump.headline, o.product.unitAmount]);

describe("order bumps from the console", () => {
  it("adds a bump the checkout offers at once, audited, and listed with its author", async () => {
    const added = await publish(workbook);
    expect(added).toMatchObject({ status: 200, body: { version: 1 } });
    expect(await offeredOnBook()).toEqual([
      ["Yes! Add AI Step By Step to my order", 49_700],
      ["Add the workbook", 1_900],
    ]);
    const audit = await getDb().auditLog.findFirstOrThrow({ where: { action: "catalog.publish" } });
    expect(audit).toMatchObject({
      operatorId: owner.operatorId,
      targetType: "catalog_bump",
      targetId: added.body.bumpId,
      details: { productCode: "fast-forward-book", bumpProductCode: "workbook", version: 1, active: true },
    });
    const book = (await listCatalog()).find((p) => p.code === "fast-forward-book")!;
    expect(book.bumps.map((b) => [b.bumpProductCode, b.version, b.createdBy])).toEqual([
      ["ai-step-by-step", 1, "migration"],
      ["workbook", 1, owner.email],
    ]);

    const copy = { headline: "Workbook first", description: workbook.description, position: 0, active: true };
    const moved = await publish({ bumpId: added.body.bumpId, ...copy });
    expect(moved).toMatchObject({ status: 200, body: { version: 2 } });
    expect((await offeredOnBook())[0]).toEqual(["Workbook first", 1_900]);
    const off = await publish({ bumpId: added.body.bumpId, ...copy, active: false });
    expect(off).toMatchObject({ status: 200, body: { version: 3 } });
    expect(await offeredOnBook()).toEqual([["Yes! Add AI Step By Step to my order", 49_700]]);
  });

  it("is refused to operators and read-only operators, and changes nothing", async () => {
    const before = await getDb().catalogBumpVersion.count();
    for (const role of ["operator", "read_only"] as const) {
      const other = await signedInOperator({ role });
      const answer = await publish({ ...workbook, productCode: "ai-step-by-step" }, other.cookie);
      expect([answer.status, answer.body.error?.code], role).toEqual([403, "forbidden"]);
    }
    expect(await getDb().catalogBumpVersion.count()).toBe(before);
  });

  it.each([
    ["a subscription product", { ...workbook, productCode: "team-training-seat" }, 400],
    ["a subscription as the bump", { ...workbook, bumpProductCode: "team-training-test" }, 400],
    ["the product itself", { ...workbook, bumpProductCode: "fast-forward-book" }, 400],
    ["a product twice", { ...workbook, bumpProductCode: "ai-step-by-step" }, 409],
    ["an unknown product", { ...workbook, productCode: "no-such-product" }, 404],
    [
      "an unknown bump",
      { bumpId: crypto.randomUUID(), headline: "x", description: "", position: 1, active: true },
      404,
    ],
    ["an empty headline", { ...workbook, productCode: "ai-step-by-step", headline: " " }, 400],
    ["a price", { ...workbook, productCode: "ai-step-by-step", unitAmount: 100 }, 400],
  ])("refuses %s with %i and publishes nothing", async (_what, body, status) => {
    const before = await getDb().catalogBumpVersion.count();
    expect((await publish(body)).status).toBe(status);
    expect(await getDb().catalogBumpVersion.count()).toBe(before);
  });
});

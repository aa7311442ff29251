import { beforeAll, describe, expect, it } from "vitest";
import { POST as publishPost } from "@/app/api/admin/catalog/prices/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { getDb } from "@/lib/platform/server/db";
import { listCatalog } from "@/lib/console/server/catalog-list";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { Browser, buyer, createdIntent } from "../payments/helpers";

// An owner publishes the next price version from the console: audited, charged to the next
// checkout, listed with its publisher; nobody else may.

type Answer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

let owner: SignedInOperator;

beforeAll(async () => {
  owner = await signedInOperator();
});

async function publish(body: unknown, cookie = owner.cookie): Promise<Answer> {
  const response = await publishPost(adminRequest("/api/admin/catalog/prices", { body, cookie }));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const coursePrice = {
  productCode: "ai-step-by-step",
  unitAmount: 29_700,
  referenceAmount: 399_700,
  minQuantity: 1,
  maxQuantity: 1,
};

describe("publishing a price from the console", () => {
  it("makes the next version the price, audits it and charges the next checkout", async () => {
    const published = await publish(coursePrice);
    expect(published).toMatchObject({ status: 200, body: { productCode: "ai-step-by-step", version: 2 } });
    const audit = await getDb().auditLog.findFirstOrThrow({ where: { action: "catalog.publish" } });
    expect(audit).toMatchObject({
      operatorId: owner.operatorId,
      targetType: "catalog_price",
      targetId: published.body.priceId,
      details: { productCode: "ai-step-by-step", version: 2, unitAmount: 29_700, maxQuantity: 1 },
    });
    const intent = await createdIntent<{ amount: number }>(new Browser(), createIntent, buyer("ai-step-by-step"));
    expect(intent.amount).toBe(29_700);
    const course = (await listCatalog()).find((p) => p.code === "ai-step-by-step")!;
    expect(course.prices.map((p) => [p.version, p.unitAmount, p.createdBy])).toEqual([
      [2, 29_700, owner.email],
      [1, 49_700, "migration"],
    ]);
  });

  it("is refused to operators and read-only operators, and changes nothing", async () => {
    for (const role of ["operator", "read_only"] as const) {
      const other = await signedInOperator({ role });
      const answer = await publish({ ...coursePrice, unitAmount: 100 }, other.cookie);
      expect(answer.status, role).toBe(403);
      expect(answer.body.error?.code, role).toBe("forbidden");
    }
    expect(await getDb().catalogPrice.count({ where: { productCode: "ai-step-by-step", unitAmount: 100 } })).toBe(0);
  });

  it.each([
    [{ ...coursePrice, maxQuantity: 0 }, 400],
    [{ ...coursePrice, minQuantity: 3, maxQuantity: 2 }, 400],
    [{ ...coursePrice, unitAmount: 10 }, 400],
    [{ ...coursePrice, unitAmount: 19.99 }, 400],
    [{ ...coursePrice, productCode: "no-such-product" }, 404],
  ])("refuses %j with %i and publishes nothing", async (body, status) => {
    const before = await getDb().catalogPrice.count();
    expect((await publish(body)).status).toBe(status);
    expect(await getDb().catalogPrice.count()).toBe(before);
  });

  it("publishes a payment plan as the next version, audited, listed on the catalog page and charged", async () => {
    const plan = { instalments: 3, interval: "month", amount: 17_500, accessRule: "paused_while_overdue" };
    const latest = await getDb().catalogPrice.findFirstOrThrow({
      where: { productCode: "ai-step-by-step" },
      orderBy: { version: "desc" },
    });
    const published = await publish({ ...coursePrice, unitAmount: 49_700, plan });
    expect(published).toMatchObject({ status: 200, body: { version: latest.version + 1 } });
    const audit = await getDb().auditLog.findFirstOrThrow({ where: { targetId: String(published.body.priceId) } });
    expect(audit).toMatchObject({ action: "catalog.publish", operatorId: owner.operatorId, details: { plan } });
    const course = (await listCatalog()).find((p) => p.code === "ai-step-by-step")!;
    expect(course.prices[0]).toMatchObject({ version: latest.version + 1, plan });
    expect(course.prices[1]).toMatchObject({ version: latest.version, plan: null });
    const intent = await createdIntent<{ amount: number }>(new Browser(), createIntent, {
      ...buyer("ai-step-by-step"),
      payment: "plan",
    });
    expect(intent.amount).toBe(17_500);

    // The next version without a plan takes it away; the stored versions keep what they were.
    await publish({ ...coursePrice, unitAmount: 49_700 });
    const refused = await new Browser().call(createIntent, "/api/create-payment-intent", {
      ...buyer("ai-step-by-step"),
      payment: "plan",
    });
    expect(refused.status).toBe(400);
  });

  it.each([
    [{ instalments: 1, interval: "month", amount: 17_500, accessRule: "full_on_first" }],
    [{ instalments: 13, interval: "month", amount: 17_500, accessRule: "full_on_first" }],
    [{ instalments: 3, interval: "year", amount: 17_500, accessRule: "full_on_first" }],
    [{ instalments: 3, interval: "month", amount: 10, accessRule: "full_on_first" }],
    [{ instalments: 3, interval: "month", amount: 17_500, accessRule: "sometimes" }],
  ])("refuses the plan %j with a 400 and publishes nothing", async (plan) => {
    const before = await getDb().catalogPrice.count();
    expect((await publish({ ...coursePrice, plan })).status).toBe(400);
    expect(await getDb().catalogPrice.count()).toBe(before);
  });

  it("keeps the database's own check on a plan's columns", async () => {
    await expect(
      getDb().catalogPrice.create({
        data: { ...coursePrice, version: 999, createdBy: "test", planInstalments: 3, planAmount: null },
      }),
    ).rejects.toThrow();
  });
});

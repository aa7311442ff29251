import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPost } from "@/app/api/admin/catalog/coupons/route";
import { POST as deactivatePost } from "@/app/api/admin/catalog/coupons/deactivate/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { getDb } from "@/lib/platform/server/db";
import { listCoupons } from "@/lib/console/server/coupon-list";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { Browser, buyer } from "../payments/helpers";
import { demoPurchase } from "./purchase";

// Owners create and deactivate coupons on the console: audited, listed with their paid uses, and
// refused to everyone else.

type Answer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

let owner: SignedInOperator;

beforeAll(async () => {
  owner = await signedInOperator();
});

async function call(
  route: (request: Request) => Promise<Response>,
  path: string,
  body: unknown,
  cookie = owner.cookie,
) {
  const response = await route(adminRequest(path, { body, cookie }));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const spring = {
  code: "spring-console",
  percentOff: 10,
  amountOff: null,
  productCode: "fast-forward-book",
  startsAt: null,
  endsAt: null,
  maxRedemptions: 100,
  maxPerBuyer: 1,
  durationMonths: 1,
};

describe("coupons on the console", () => {
  it("creates a coupon (code upper-cased), audits it, lists its paid uses, and deactivates it", async () => {
    const created = await call(createPost, "/api/admin/catalog/coupons", spring);
    expect(created).toMatchObject({ status: 200, body: { code: "SPRING-CONSOLE" } });
    const couponId = String(created.body.couponId);
    expect(await getDb().auditLog.findFirstOrThrow({ where: { action: "coupons.create" } })).toMatchObject({
      operatorId: owner.operatorId,
      targetType: "coupon",
      targetId: couponId,
      details: { code: "SPRING-CONSOLE", percentOff: 10, productCode: "fast-forward-book" },
    });
    // The same code in another case is the same code.
    const again = await call(createPost, "/api/admin/catalog/coupons", { ...spring, code: "Spring-Console" });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });

    await demoPurchase("fast-forward-book", 1, undefined, "spring-console");
    // An unpaid order's hold is not a paid use.
    await new Browser().call(createIntent, "/api/create-payment-intent", {
      ...buyer("fast-forward-book"),
      couponCode: "SPRING-CONSOLE",
    });
    expect((await listCoupons()).find((c) => c.id === couponId)).toMatchObject({ redemptions: 1, active: true });

    const off = await call(deactivatePost, "/api/admin/catalog/coupons/deactivate", { couponId });
    expect(off).toMatchObject({ status: 200, body: { active: false } });
    expect(await getDb().auditLog.count({ where: { action: "coupons.deactivate", targetId: couponId } })).toBe(1);
    const refused = await new Browser().call(createIntent, "/api/create-payment-intent", {
      ...buyer("fast-forward-book"),
      couponCode: "SPRING-CONSOLE",
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: "coupon_invalid" } } });
  });

  it("is refused to operators, read-only operators and a stale sign-in, and creates nothing", async () => {
    for (const options of [{ role: "operator" }, { role: "read_only" }, { stale: true }] as const) {
      const other = await signedInOperator(options);
      const answer = await call(createPost, "/api/admin/catalog/coupons", { ...spring, code: "NOPE-1" }, other.cookie);
      expect(answer.status, JSON.stringify(options)).toBe(403);
    }
    expect(await getDb().coupon.count({ where: { code: "NOPE-1" } })).toBe(0);
  });

  it.each([
    [{ ...spring, code: "x" }, 400],
    [{ ...spring, percentOff: null }, 400],
    [{ ...spring, percentOff: 0 }, 400],
    [{ ...spring, amountOff: 100 }, 400],
    [{ ...spring, durationMonths: 0 }, 400],
    [{ ...spring, code: "NEW-ONE", productCode: "no-such-product" }, 400],
  ])("refuses %j with %i", async (body, status) => {
    const before = await getDb().coupon.count();
    expect((await call(createPost, "/api/admin/catalog/coupons", body)).status).toBe(status);
    expect(await getDb().coupon.count()).toBe(before);
  });
});

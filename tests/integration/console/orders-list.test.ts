import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import type { OrderStatus } from "@/lib/generated/prisma/client";
import { listOrders } from "@/lib/console/server/orders-list";
import { parseOrderFilters } from "@/lib/console/shared/order-filters";

// The console's order list: keyset pages on (created_at, id) that neither skip nor
// repeat rows — also when several orders share one instant — and the filters, on a tagged set of
// orders in 2032.

const tag = randomUUID().slice(0, 8);
const ids: string[] = [];

async function order(i: number, createdAt: string, status: OrderStatus, extra: { product?: string } = {}) {
  const created = await getDb().order.create({
    data: {
      contactId: `list-${tag}-${i}`,
      email: `list-${tag}-${i}@Example.test`,
      name: "Buyer",
      productId: extra.product ?? "fast-forward-book",
      productName: "Product",
      isSubscription: false,
      quantity: 1,
      unitPrice: 700,
      totalAmount: 700,
      status,
      browserId: `b-${tag}-${i}`,
      gateway: "demo",
      idempotencyKey: `list-${tag}-${i}`,
      createdAt: new Date(createdAt),
    },
  });
  ids.push(created.id);
  return created.id;
}

beforeAll(async () => {
  // Three at one instant: the id breaks the tie.
  for (let i = 0; i < 3; i++) await order(i, "2032-05-01T10:00:00Z", "SUCCEEDED");
  await order(3, "2032-05-02T10:00:00Z", "PENDING");
  await order(4, "2032-05-03T10:00:00Z", "SUCCEEDED", { product: "ai-step-by-step" });
  const refunded = await order(5, "2032-05-04T10:00:00Z", "REFUNDED");
  await getDb().refund.create({
    data: { orderId: refunded, amount: 700, currency: "usd", providerRefundId: `re_list_${tag}`, source: "provider" },
  });
  const disputed = await order(6, "2032-05-05T10:00:00Z", "SUCCEEDED");
  await getDb().dispute.create({
    data: {
      orderId: disputed,
      providerDisputeId: `du_list_${tag}`,
      amount: 700,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
    },
  });
});

const mine = { q: `list-${tag}-` };
const everything = { ...mine, status: "all" };

describe("order list", () => {
  it("pages by keyset, newest first, without skipping or repeating tied rows", async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listOrders(parseOrderFilters({ ...everything, ...(after ? { after } : {}) }), 2);
      seen.push(...page.rows.map((r) => r.id));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 4)).toEqual([ids[6], ids[5], ids[4], ids[3]]);
    // The three tied orders come last, by id descending.
    expect(seen.slice(4)).toEqual([...ids.slice(0, 3)].sort().reverse());
  });

  it("filters by status, product, refunded, disputed and a case-insensitive e-mail part", async () => {
    const ids = async (params: Record<string, string>) =>
      (await listOrders(parseOrderFilters({ ...mine, ...params }))).rows.map((r) => r.email);
    expect(await ids({ status: "PENDING" })).toEqual([`list-${tag}-3@Example.test`]);
    expect(await ids({ product: "ai-step-by-step" })).toEqual([`list-${tag}-4@Example.test`]);
    expect(await ids({ refunded: "yes" })).toEqual([`list-${tag}-5@Example.test`]);
    expect(await ids({ disputed: "yes" })).toEqual([`list-${tag}-6@Example.test`]);
    expect(await ids({ q: `LIST-${tag}-6@example` })).toEqual([`list-${tag}-6@Example.test`]);
    const refunded = (await listOrders(parseOrderFilters({ ...mine, refunded: "yes" }))).rows[0];
    expect(refunded).toMatchObject({ refundedAmount: 700, disputed: false, status: "REFUNDED" });
  });

  it("ignores filters it cannot read instead of failing, and shows paid orders by default", async () => {
    const filters = parseOrderFilters({ ...mine, status: "NOPE", after: "%%%", refunded: "maybe" });
    expect(filters).toEqual({ q: mine.q });
    const rows = (await listOrders(filters)).rows;
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.status)).not.toContain("PENDING");
    expect((await listOrders(parseOrderFilters(everything))).rows).toHaveLength(7);
  });
});

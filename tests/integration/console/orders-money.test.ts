import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportGet } from "@/app/api/admin/orders/export/route";
import { POST as refundPost } from "@/app/api/admin/orders/refund/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { getDb } from "@/lib/platform/server/db";
import { listOrders, orderTotals } from "@/lib/console/server/orders-list";
import { orderDetail } from "@/lib/console/server/order-detail";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { parseOrderFilters } from "@/lib/console/shared/order-filters";
import { orderStatusLabel } from "@/lib/console/shared/order-status";
import { decimalUsd } from "@/lib/shared/money";
import { parseCsv } from "../../support/csv";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { Browser, buyer } from "../payments/helpers";
import { demoPurchase, requestKey } from "./purchase";

// One truth for money: in this file's own database, a book refunded in full, three seats with one
// refunded and removed, a course paid in full and an abandoned checkout. The orders CSV must agree
// to the cent with the console's list, totals, order pages, revenue report and seat MRR, and with
// the sums counted by hand below.

let operator: SignedInOperator;
const ids = { book: "", seats: "", course: "", pending: "" };
const started = new Date(Date.now() - 60_000);

async function refund(body: Record<string, unknown>) {
  const response = await refundPost(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }));
  expect(response.status).toBe(200);
}

async function exportCsv(query: Record<string, string> = {}) {
  const response = await exportGet(
    adminRequest(`/api/admin/orders/export?${new URLSearchParams(query).toString()}`, { cookie: operator.cookie }),
  );
  expect(response.status).toBe(200);
  const [header = [], ...rows] = parseCsv(await response.text());
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}

beforeAll(async () => {
  operator = await signedInOperator();
  const book = await demoPurchase("fast-forward-book");
  await refund({ orderId: book.orderId, reason: "Guarantee", requestKey: requestKey() });
  const seats = await demoPurchase("team-training-seat", 3);
  await refund({
    orderId: seats.orderId,
    amount: 50_000,
    reason: "Unused seat",
    requestKey: requestKey(),
    removeSeats: 1,
  });
  const course = await demoPurchase("ai-step-by-step");
  const abandoned = await new Browser().call<{ transactionId: string }>(
    createIntent,
    "/api/create-payment-intent",
    buyer("ai-step-by-step"),
  );
  Object.assign(ids, {
    book: book.orderId,
    seats: seats.orderId,
    course: course.orderId,
    pending: abandoned.body.transactionId,
  });
});

describe("orders CSV against the console", () => {
  it("carries dollars, catalog names, the refund state, refunded and net, as counted by hand", async () => {
    const rows = await exportCsv();
    // Paid orders by default, newest first: the abandoned checkout is one filter away.
    expect(rows.map((r) => r.order_id)).toEqual([ids.course, ids.seats, ids.book]);
    expect(rows.map((r) => [r.product, r.quantity, r.current_seats, r.total, r.refunded, r.net, r.status])).toEqual([
      ["AI Step By Step", "1", "", "497.00", "0.00", "497.00", "SUCCEEDED"],
      ["Realtime AI Academy team training", "3", "2", "1500.00", "500.00", "1000.00", "PARTIALLY REFUNDED"],
      ["Fast Forward (digital book)", "1", "", "7.00", "7.00", "0.00", "REFUNDED"],
    ]);
    expect(rows.every((r) => r.currency === "USD" && !r.total?.includes("$"))).toBe(true);
    const all = await exportCsv({ status: "all" });
    expect(all.map((r) => r.order_id)).toEqual([ids.pending, ids.course, ids.seats, ids.book]);
    expect(all[0]).toMatchObject({ status: "PENDING", total: "497.00", refunded: "0.00", net: "497.00" });
  });

  it("agrees row by row with the order list and each order page", async () => {
    const rows = await exportCsv({ status: "all" });
    const listed = (await listOrders(parseOrderFilters({ status: "all" }))).rows;
    expect(listed.map((r) => r.id)).toEqual(rows.map((r) => r.order_id));
    for (const [i, row] of listed.entries()) {
      const csv = rows[i]!;
      expect([csv.total, csv.refunded, csv.net]).toEqual(
        [row.totalAmount, row.refundedAmount, row.netAmount].map(decimalUsd),
      );
      expect(csv.status).toBe(orderStatusLabel(row.status, row.refundedAmount));
      expect(csv.current_seats).toBe(row.seats === null ? "" : String(row.seats));
      const detail = await orderDetail(row.id);
      expect(decimalUsd(detail!.refundedAmount)).toBe(csv.refunded);
      expect(decimalUsd(detail!.order.totalAmount - detail!.refundedAmount)).toBe(csv.net);
    }
  });

  it("sums to the list's totals, the revenue report and the seat MRR", async () => {
    const rows = await exportCsv();
    const sum = (key: string) => rows.reduce((total, r) => total + Math.round(Number(r[key]) * 100), 0);
    // By hand: 7 + 1,500 + 497 paid; 7 + 500 refunded.
    const hand = { orders: 3, gross: 200_400, refunded: 50_700, net: 149_700 };
    expect({ orders: rows.length, gross: sum("total"), refunded: sum("refunded"), net: sum("net") }).toEqual(hand);
    expect(await orderTotals(parseOrderFilters({}))).toEqual(hand);
    expect(await orderTotals(parseOrderFilters({ status: "all" }))).toEqual({
      orders: 4,
      gross: 250_100,
      refunded: 50_700,
      net: 199_400,
    });

    const report = await revenueReport({ from: started, to: new Date(Date.now() + 60_000) });
    const byName = Object.fromEntries(report.products.map((p) => [p.productName, p]));
    for (const row of rows) {
      const product = byName[row.product ?? ""];
      expect([product?.gross, product?.refunded, product?.net].map((c) => decimalUsd(c ?? -1))).toEqual([
        row.total,
        row.refunded,
        row.net,
      ]);
    }
    const reported = report.products.reduce(
      (t, p) => ({ orders: t.orders + p.paidOrders, gross: t.gross + p.gross, refunded: t.refunded + p.refunded }),
      { orders: 0, gross: 0, refunded: 0 },
    );
    expect({ ...reported, net: reported.gross - reported.refunded }).toEqual(hand);

    // Two seats left at $500 a month.
    expect(await seatReport()).toMatchObject({ subscriptions: 1, seats: 2, mrr: 100_000 });
  });

  it("searches by part of the e-mail or name, or a whole order id, and audits the export", async () => {
    const seatsOrder = await getDb().order.findUniqueOrThrow({ where: { id: ids.seats } });
    const local = seatsOrder.email.slice(0, 20).toUpperCase();
    expect((await exportCsv({ q: local })).map((r) => r.order_id)).toEqual([ids.seats]);
    expect((await exportCsv({ q: ids.course })).map((r) => r.order_id)).toEqual([ids.course]);
    expect((await listOrders(parseOrderFilters({ q: "ada LOVE" }))).rows).toHaveLength(3);
    expect((await listOrders(parseOrderFilters({ q: "100%_" }))).rows).toHaveLength(0);
    const audit = await getDb().auditLog.findFirst({
      where: { operatorId: operator.operatorId, action: "export.orders" },
      orderBy: { id: "desc" },
    });
    // The last export was the order-id search.
    expect(audit?.details).toMatchObject({ filter: { status: "paid", q: "(search)" }, rows: 1 });
    expect(JSON.stringify(audit?.details)).not.toContain(ids.course);
  });
});

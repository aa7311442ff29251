import { describe, expect, it } from "vitest";
import { orderView, ordersExportHref, ordersHref, parseOrderFilters } from "@/lib/console/shared/order-filters";
import { orderStatusLabel } from "@/lib/console/shared/order-status";

// The orders list opens on paid orders; its address, its CSV link and its status words agree.

describe("order filters", () => {
  it("shows paid orders by default, every order or one status on request", () => {
    expect(orderView(parseOrderFilters({}))).toBe("paid");
    expect(orderView(parseOrderFilters({ status: "all" }))).toBe("all");
    expect(orderView(parseOrderFilters({ status: "PENDING" }))).toBe("PENDING");
    expect(orderView(parseOrderFilters({ status: "bogus" }))).toBe("paid");
  });

  it("keeps the default out of the address and gives the CSV the same filter without the page", () => {
    const filters = parseOrderFilters({ status: "paid", q: "ada", after: "abc.0000" });
    expect(ordersHref(filters)).toBe("/admin/orders?q=ada");
    expect(ordersExportHref({ ...filters, status: "all" })).toBe("/api/admin/orders/export?status=all&q=ada");
  });

  it("carries the test/spam view into the address and the CSV; an unknown view shows the default list", () => {
    const filters = parseOrderFilters({ flagged: "only" });
    expect(filters.flagged).toBe("only");
    expect(ordersHref(filters)).toBe("/admin/orders?flagged=only");
    expect(ordersExportHref(parseOrderFilters({ flagged: "include" }))).toBe(
      "/api/admin/orders/export?flagged=include",
    );
    expect(parseOrderFilters({ flagged: "everything" }).flagged).toBeUndefined();
  });
});

describe("order status words", () => {
  it("says partially refunded for a succeeded order with refunds, the stored status otherwise", () => {
    expect(orderStatusLabel("SUCCEEDED", 0)).toBe("SUCCEEDED");
    expect(orderStatusLabel("SUCCEEDED", 50_000)).toBe("PARTIALLY REFUNDED");
    expect(orderStatusLabel("REFUNDED", 700)).toBe("REFUNDED");
    expect(orderStatusLabel("PENDING", 0)).toBe("PENDING");
  });
});

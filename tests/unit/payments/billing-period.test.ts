import { describe, expect, it } from "vitest";
import { addOneMonth } from "@/lib/payments/shared/billing-period";

describe("addOneMonth", () => {
  it("keeps the day and time of day", () => {
    expect(addOneMonth(new Date("2026-11-21T07:30:00.000Z")).toISOString()).toBe("2026-12-21T07:30:00.000Z");
    expect(addOneMonth(new Date("2026-12-15T00:00:00.000Z")).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("ends on the last day of a shorter month", () => {
    expect(addOneMonth(new Date("2027-01-31T12:00:00.000Z")).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(addOneMonth(new Date("2028-01-30T12:00:00.000Z")).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(addOneMonth(new Date("2026-03-31T23:59:59.000Z")).toISOString()).toBe("2026-04-30T23:59:59.000Z");
  });
});

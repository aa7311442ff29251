import { describe, expect, it } from "vitest";
import {
  payNowLabel,
  paymentPlanSchema,
  planAccessAfter,
  planLabel,
  planOfColumns,
  planTotal,
} from "@/lib/payments/shared/payment-plan";
import { addMonths } from "@/lib/payments/shared/billing-period";
import { createPaymentIntentSchema, publishPriceSchema } from "@/lib/payments/shared/schemas";

const plan = { instalments: 3, interval: "month", amount: 17_500, accessRule: "full_on_first" } as const;

describe("planAccessAfter", () => {
  it.each([
    ["full_on_first", "paid_up", "keep"],
    ["full_on_first", "overdue", "keep"],
    ["full_on_first", "dunning_ended_unpaid", "keep"],
    ["paused_while_overdue", "paid_up", "keep"],
    ["paused_while_overdue", "overdue", "pause"],
    ["paused_while_overdue", "dunning_ended_unpaid", "end"],
  ] as const)("%s while %s: %s", (rule, state, access) => {
    expect(planAccessAfter(rule, state)).toBe(access);
  });
});

describe("plan amounts and wording", () => {
  it("totals the instalments, which may come to more than the one-off price", () => {
    expect(planTotal(plan)).toBe(52_500);
  });

  it("says both choices with the one money formatter", () => {
    expect(payNowLabel(49_700)).toBe("Pay $497 now");
    expect(planLabel(plan)).toBe("3 monthly payments of $175");
    expect(planLabel({ instalments: 4, amount: 12_450 })).toBe("4 monthly payments of $124.50");
  });

  it("reads the stored columns back, and none from a row without a plan", () => {
    expect(planOfColumns({ planInstalments: 3, planAmount: 17_500, planAccessRule: "full_on_first" })).toEqual(plan);
    expect(planOfColumns({ planInstalments: null, planAmount: null, planAccessRule: null })).toBeNull();
  });

  it("ends a Stripe plan on the anchor's day, N months on", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 3)).toEqual(new Date("2026-04-30T10:00:00Z"));
    expect(addMonths(new Date("2026-11-27T16:00:00Z"), 3)).toEqual(new Date("2027-02-27T16:00:00Z"));
  });
});

describe("plan validation", () => {
  it.each([
    [{ ...plan, instalments: 1 }],
    [{ ...plan, instalments: 13 }],
    [{ ...plan, instalments: 2.5 }],
    [{ ...plan, interval: "week" }],
    [{ ...plan, amount: 49 }],
    [{ ...plan, accessRule: "never" }],
    [{ ...plan, extra: 1 }],
  ])("refuses %j", (body) => {
    expect(paymentPlanSchema.safeParse(body).success).toBe(false);
  });

  it("accepts 2 and 12 instalments, and a price with or without a plan", () => {
    expect(paymentPlanSchema.safeParse({ ...plan, instalments: 2 }).success).toBe(true);
    expect(paymentPlanSchema.safeParse({ ...plan, instalments: 12 }).success).toBe(true);
    const price = {
      productCode: "ai-step-by-step",
      unitAmount: 49_700,
      referenceAmount: null,
      minQuantity: 1,
      maxQuantity: 1,
    };
    expect(publishPriceSchema.safeParse(price).success).toBe(true);
    expect(publishPriceSchema.safeParse({ ...price, plan }).success).toBe(true);
    expect(publishPriceSchema.safeParse({ ...price, plan: null }).success).toBe(true);
  });

  it("lets the buyer name a choice but never an amount", () => {
    const input = { contactId: crypto.randomUUID(), email: "a@example.com", name: "Ada", productId: "x", quantity: 1 };
    expect(createPaymentIntentSchema.safeParse({ ...input, payment: "plan" }).success).toBe(true);
    expect(createPaymentIntentSchema.safeParse({ ...input, payment: "later" }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ ...input, payment: "plan", planAmount: 100 }).success).toBe(false);
  });
});

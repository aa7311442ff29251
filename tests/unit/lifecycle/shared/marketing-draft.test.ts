import { describe, expect, it } from "vitest";
import { marketingDraftSchema, mergeFieldProblem, testSubject } from "@/lib/lifecycle/shared/marketing-draft";
import { testDeliveryState } from "@/lib/lifecycle/shared/test-delivery";

// What the composer tells an operator: unknown merge fields by name, and a test's journey in words.

describe("a marketing draft", () => {
  it("names the merge fields that do not exist", () => {
    expect(mergeFieldProblem("Hi {{first_name|there}}")).toBeNull();
    expect(mergeFieldProblem("Hi {{nick}} {{city|here}} {{nick}}")).toBe(
      "{{nick}}, {{city}} are not merge fields. Use one of: first_name, last_name, full_name, book_url, offer_url, booking_url.",
    );
    const parsed = marketingDraftSchema.safeParse({ subject: "Hi {{nick}}", preheader: "", markdown: "x" });
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toMatch(
      /^Subject: \{\{nick\}\} is not a merge field\./,
    );
    expect(marketingDraftSchema.safeParse({ subject: "s", preheader: "", markdown: "x", extra: 1 }).success).toBe(
      false,
    );
    expect(testSubject("Hello")).toBe("[Test] Hello");
  });
});

describe("a test e-mail's delivery state", () => {
  it("follows the outbox row, then Resend's events", () => {
    expect(testDeliveryState("QUEUED", [])).toMatchObject({ state: "queued", final: false });
    expect(testDeliveryState("SENDING", [])).toMatchObject({ state: "queued", final: false });
    expect(testDeliveryState("SENT", [])).toMatchObject({ state: "sent", final: false });
    expect(testDeliveryState("LOGGED", [])).toMatchObject({ state: "outbox", final: true });
    expect(testDeliveryState("SENT", ["delivered"])).toEqual({ state: "delivered", label: "Delivered", final: true });
    expect(testDeliveryState("SENT", ["delivered", "bounced"])).toMatchObject({ state: "bounced", final: true });
    expect(testDeliveryState("SUPPRESSED", [])).toMatchObject({ state: "suppressed", final: true });
    expect(testDeliveryState("FAILED", [])).toMatchObject({ state: "failed", final: true });
  });
});

import { describe, expect, it } from "vitest";
import { accessEndsWithDunning, accessPausedWhileOverdue } from "@/lib/billing/shared/dunning-access";

// What dunning's unpaid end takes away: a seat subscription's access, and a payment plan's only
// when the operator chose to suspend access for an unpaid plan.

describe("access when dunning ends unpaid", () => {
  it("ends a seat subscription's access", () => {
    expect(accessEndsWithDunning({ isSubscription: true, planAccessRule: null })).toBe(true);
  });

  it("follows a payment plan's rule", () => {
    expect(accessEndsWithDunning({ isSubscription: true, planAccessRule: "full_on_first" })).toBe(false);
    expect(accessEndsWithDunning({ isSubscription: true, planAccessRule: "paused_while_overdue" })).toBe(true);
  });

  it("never touches a one-time order", () => {
    expect(accessEndsWithDunning({ isSubscription: false, planAccessRule: null })).toBe(false);
  });
});

describe("access while a case is open", () => {
  it("is paused only for a payment plan sold paused_while_overdue", () => {
    expect(accessPausedWhileOverdue({ isSubscription: true, planAccessRule: "paused_while_overdue" })).toBe(true);
    expect(accessPausedWhileOverdue({ isSubscription: true, planAccessRule: "full_on_first" })).toBe(false);
    expect(accessPausedWhileOverdue({ isSubscription: true, planAccessRule: null })).toBe(false);
    expect(accessPausedWhileOverdue({ isSubscription: false, planAccessRule: null })).toBe(false);
  });
});

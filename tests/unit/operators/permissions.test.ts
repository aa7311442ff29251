import { describe, expect, it } from "vitest";
import { can, needsFreshSignIn, OPERATOR_ROLES, type ConsoleAction } from "@/lib/operators/shared/permissions";
import { isFreshSignIn, OPERATOR_FRESH_SIGN_IN_SECONDS } from "@/lib/operators/shared/auth-rules";

// The table's promises in words: owners run the console's people, operators the everyday work,
// read-only looks; the dangerous actions want a sign-in from the last ten minutes.

const allowed = (action: ConsoleAction) => OPERATOR_ROLES.filter((role) => can(role, action));

describe("the console's permission table", () => {
  it("gives each role what it is for", () => {
    expect(allowed("console.view")).toEqual(["owner", "operator", "read_only"]);
    expect(allowed("settings.own")).toEqual(["owner", "operator", "read_only"]);
    expect(allowed("operators.manage")).toEqual(["owner"]);
    for (const action of [
      "orders.refund",
      "orders.cancel",
      "orders.seats",
      "privacy.export",
      "privacy.erase",
      "privacy.handle",
      "experiments.manage",
      "leads.export",
      "leads.annotate",
      "leads.email",
      "email.write",
      "records.flag",
    ] as const) {
      expect(allowed(action), action).toEqual(["owner", "operator"]);
    }
  });

  it("wants a fresh sign-in for operator changes, refunds, erasure, exports and sign-in factors", () => {
    const fresh = (
      [
        "operators.manage",
        "orders.refund",
        "orders.seats",
        "privacy.erase",
        "privacy.export",
        "leads.export",
        "factors.change",
      ] as const
    ).filter(needsFreshSignIn);
    expect(fresh).toHaveLength(7);
    expect(needsFreshSignIn("console.view")).toBe(false);
    expect(needsFreshSignIn("orders.cancel")).toBe(false);
    expect(needsFreshSignIn("leads.annotate")).toBe(false);
    expect(needsFreshSignIn("leads.email")).toBe(false);
    expect(needsFreshSignIn("email.write")).toBe(false);
    expect(needsFreshSignIn("records.flag")).toBe(false);
    expect(needsFreshSignIn("settings.own")).toBe(false);
  });

  it("counts a sign-in as fresh for exactly ten minutes", () => {
    expect(OPERATOR_FRESH_SIGN_IN_SECONDS).toBe(600);
    const now = new Date("2026-11-26T12:00:00Z");
    expect(isFreshSignIn(new Date("2026-11-26T11:50:00Z"), now)).toBe(true);
    expect(isFreshSignIn(new Date("2026-11-26T11:49:59Z"), now)).toBe(false);
  });
});

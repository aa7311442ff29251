import { describe, expect, it } from "vitest";
import { PRIVACY_REQUEST_TYPES, requestTypeLabel, respondBy } from "@/lib/privacy/shared/request-types";

describe("privacy requests", () => {
  it("are answered within 45 days", () => {
    expect(respondBy(new Date("2026-11-21T07:00:00.000Z")).toISOString()).toBe("2027-01-05T07:00:00.000Z");
  });

  it("offer every right the Privacy Policy lists, each with its own label", () => {
    expect(PRIVACY_REQUEST_TYPES.map((type) => type.value)).toEqual([
      "access",
      "correct",
      "delete",
      "opt_out",
      "limit_sensitive",
      "withdraw_consent",
    ]);
    expect(new Set(PRIVACY_REQUEST_TYPES.map((type) => requestTypeLabel(type.value))).size).toBe(6);
  });
});

import { describe, expect, it } from "vitest";
import { classifyDeadlines, digestDay, isOpenPrivacyStatus } from "@/lib/privacy/shared/deadlines";

// The digest's rule, worked by hand: now is 2026-03-10 13:00 UTC; overdue is respondBy < now,
// due soon is now ≤ respondBy ≤ now + 7 days, answered statuses are left out.

const now = new Date("2026-03-10T13:00:00Z");
const request = (id: string, respondBy: string, status = "received") => ({
  id,
  requestType: "access",
  status,
  respondBy: new Date(respondBy),
});

describe("privacy-request deadlines", () => {
  it("splits open requests into overdue and due within 7 days, most urgent first", () => {
    const { overdue, dueSoon } = classifyDeadlines(
      [
        request("due-in-7d", "2026-03-17T13:00:00Z"),
        request("late-2d", "2026-03-08T13:00:00Z"),
        request("past-horizon", "2026-03-17T13:00:01Z"),
        request("due-now", "2026-03-10T13:00:00Z"),
        request("late-1ms", "2026-03-10T12:59:59.999Z"),
        request("answered", "2026-03-01T00:00:00Z", "completed"),
        request("working", "2026-03-12T00:00:00Z", "in_progress"),
      ],
      now,
    );
    expect(overdue.map((e) => [e.id, e.daysLeft])).toEqual([
      ["late-2d", -2],
      ["late-1ms", -1],
    ]);
    expect(dueSoon.map((e) => [e.id, e.daysLeft])).toEqual([
      ["due-now", 0],
      ["working", 2],
      ["due-in-7d", 7],
    ]);
  });

  it("treats completed, closed, denied and withdrawn (any case) as answered", () => {
    expect(["completed", "Closed", " denied ", "WITHDRAWN"].map(isOpenPrivacyStatus)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(["received", "in_progress", "verifying"].map(isOpenPrivacyStatus)).toEqual([true, true, true]);
  });

  it("keys the digest by the UTC day", () => {
    expect(digestDay(new Date("2026-03-10T23:59:59Z"))).toBe("2026-03-10");
    expect(digestDay(new Date("2026-03-11T00:00:00Z"))).toBe("2026-03-11");
  });
});

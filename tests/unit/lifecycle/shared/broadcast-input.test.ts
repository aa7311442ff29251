import { describe, expect, it } from "vitest";
import {
  broadcastInputSchema,
  broadcastScheduleSchema,
  canCancel,
  canEdit,
  rateAllowance,
} from "@/lib/lifecycle/shared/broadcast-input";
import { replaceTextFields } from "@/lib/lifecycle/shared/merge-fields";

// A broadcast's input, who may change or cancel it, and the rate's one-minute window.

const VALID = { name: "News", subject: "Hi {{first_name|there}}", preheader: "", body: "Hello", segment: {} };

describe("broadcast input", () => {
  it("checks the copy as a step's, and takes the leads filter without its flagged view", () => {
    expect(broadcastInputSchema.parse(VALID)).toMatchObject({ ratePerMinute: 100, segment: {} });
    expect(broadcastInputSchema.safeParse({ ...VALID, subject: "Hi {{nickname}}" }).success).toBe(false);
    expect(broadcastInputSchema.safeParse({ ...VALID, body: " " }).success).toBe(false);
    expect(broadcastInputSchema.safeParse({ ...VALID, segment: { flagged: "include" } }).success).toBe(false);
    expect(broadcastInputSchema.safeParse({ ...VALID, delayHours: 1 }).success).toBe(false);
    expect(broadcastInputSchema.safeParse({ ...VALID, ratePerMinute: 0 }).success).toBe(false);
    const parsed = broadcastInputSchema.parse({ ...VALID, segment: { source: "news", from: "2031-03-01", track: "" } });
    expect(parsed.segment).toEqual({ source: "news", from: new Date("2031-03-01T00:00:00Z") });
  });

  it("schedules now or at a time with its offset", () => {
    expect(broadcastScheduleSchema.safeParse({ at: null }).success).toBe(true);
    expect(broadcastScheduleSchema.safeParse({ at: "2031-03-01T09:00:00+01:00" }).success).toBe(true);
    expect(broadcastScheduleSchema.safeParse({ at: "tomorrow" }).success).toBe(false);
  });

  it("edits drafts only and cancels while scheduled or sending", () => {
    expect(canEdit("DRAFT")).toBe(true);
    expect(canEdit("SCHEDULED")).toBe(false);
    expect(["DRAFT", "SCHEDULED", "SENDING", "SENT", "CANCELLED"].filter((s) => canCancel(s as never))).toEqual([
      "SCHEDULED",
      "SENDING",
    ]);
  });
});

describe("broadcast rate window", () => {
  it("allows the rate per minute, then waits for the window to reopen", () => {
    expect(rateAllowance(1_000, { startedAt: null, sent: 0 }, 100)).toEqual({
      allowed: 100,
      startedAt: 1_000,
      sent: 0,
      retryInMs: 0,
    });
    expect(rateAllowance(31_000, { startedAt: 1_000, sent: 60 }, 100)).toMatchObject({ allowed: 40, startedAt: 1_000 });
    expect(rateAllowance(31_000, { startedAt: 1_000, sent: 100 }, 100)).toMatchObject({
      allowed: 0,
      retryInMs: 30_000,
    });
    expect(rateAllowance(61_000, { startedAt: 1_000, sent: 100 }, 100)).toMatchObject({
      allowed: 100,
      startedAt: 61_000,
      sent: 0,
    });
  });
});

describe("text merge fields", () => {
  it("replaces the text fields' tags and leaves links and unknown names", () => {
    const seen: string[] = [];
    const out = replaceTextFields("{{ first_name | there }} {{book_url}} {{nope}} {{full_name}}", (field, fallback) => {
      seen.push(`${field}:${fallback}`);
      return `[${seen.length}]`;
    });
    expect(out).toBe("[1] {{book_url}} {{nope}} [2]");
    expect(seen).toEqual(["first_name:there", "full_name:"]);
  });
});

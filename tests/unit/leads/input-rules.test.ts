import { afterEach, describe, expect, it, vi } from "vitest";
import { contactProblem } from "@/lib/leads/shared/contact-rules";
import { contactEmailSchema, contactNameSchema, isValidEmail } from "@/lib/leads/shared/contact-schema";
import { boundedDateTime } from "@/lib/platform/shared/datetime";
import {
  isStorableText,
  jsonBodyProblem,
  MAX_JSON_DEPTH,
  unstorableTextPath,
} from "@/lib/platform/shared/storable-text";
import { createLossReporter } from "@/lib/leads/server/lost-events";

// Input every route shares: one e-mail rule, text Postgres can store,
// bounded dates, and one log line per interval while events are lost.

describe("the e-mail rule", () => {
  it.each(["a@b.co", " Ada.King@Example.com ", "x+tag@sub.example.org", "o'neil@example.ie"])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(["x@example.com\r\nBcc: z@z.z", "x@example.com\nBcc: z@z.z", "a@", "@", "a@b", "a b@c.co", "a@b.co\u0000"])(
    "refuses %j with the product's toast",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
      expect(contactEmailSchema.safeParse(email).error?.issues[0]?.message).toBe("Please enter a valid email address.");
    },
  );

  it("keeps the product's toasts for blank fields", () => {
    expect(contactEmailSchema.safeParse(" ").error?.issues[0]?.message).toBe(
      "Please fill in both your name and email.",
    );
    expect(contactProblem("", "a@b.co")).toBe("Please fill in both your name and email.");
    expect(contactProblem("Ada", "no-at-sign")).toBe("Please enter a valid email address.");
  });

  it("refuses line breaks and control characters in names (stored and shown; the mailer sends to the bare address)", () => {
    expect(contactNameSchema.safeParse("Ada\r\nBcc: z@z.z").success).toBe(false);
    expect(contactNameSchema.safeParse("Ada\u0000").success).toBe(false);
    expect(contactNameSchema.safeParse(" Ada Lovelace ").data).toBe("Ada Lovelace");
    expect(contactNameSchema.safeParse("Zoë O'Brien-Łukasz").success).toBe(true);
  });
});

describe("text Postgres can store", () => {
  it("finds NUL and unpaired surrogates in keys and values, at any depth", () => {
    expect(isStorableText("plain, emoji 😀, ü")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("\ud800")).toBe(false);
    expect(isStorableText("\udc00x")).toBe(false);
    expect(unstorableTextPath({ a: [1, { b: "ok" }] })).toBeNull();
    expect(unstorableTextPath({ a: [1, { b: "x\u0000" }] })).toBe("a[1].b");
    expect(unstorableTextPath({ data: { "k\ud800": 1 } })).toBe("data.k\ud800");
    expect(unstorableTextPath("\u0000")).toBe("(body)");
  });

  it("walks any depth without recursion and reports nesting past the limit", () => {
    // 100,000 levels: a recursive walk overflows the stack long before this.
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`) as unknown;
    expect(jsonBodyProblem(deep)).toEqual({ kind: "too_deep" });
    expect(() => unstorableTextPath(deep)).not.toThrow();
    const atLimit = JSON.parse(`${"[".repeat(MAX_JSON_DEPTH)}"x"${"]".repeat(MAX_JSON_DEPTH)}`) as unknown;
    expect(jsonBodyProblem(atLimit)).toBeNull();
    const pastLimit = JSON.parse(`${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`) as unknown;
    expect(jsonBodyProblem(pastLimit)).toEqual({ kind: "too_deep" });
  });
});

describe("bounded date-times", () => {
  it.each([
    ["2026-11-22T10:00:00Z", true],
    ["2026-11-22T10:00:00.123+05:30", true],
    ["0000-01-01T00:00:00Z", false],
    ["1999-12-31T23:59:59Z", false],
    ["9999-12-31T23:59:59Z", false],
    ["2100-01-01T00:00:00Z", false],
    ["2026-13-01T00:00:00Z", false],
    ["not a date", false],
  ])("%s → %s", (value, ok) => {
    expect(boundedDateTime.safeParse(value).success).toBe(ok);
  });
});

describe("lost funnel events while the database is down", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("logs one line per 10 s with the count, not one per event", () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const reporter = createLossReporter((line) => lines.push(line));
    for (let i = 0; i < 500; i++) reporter.record("DriverAdapterError ECONNREFUSED");
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("500 funnel event(s) lost in the last 10 s");
    for (let i = 0; i < 7; i++) {
      reporter.record("ECONNREFUSED");
      vi.advanceTimersByTime(1_000);
    }
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("7 funnel event(s)");
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(2); // nothing lost, nothing said
  });
});

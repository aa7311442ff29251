import { describe, expect, it } from "vitest";
import { intoSendingWindow } from "@/lib/lifecycle/shared/sending-window";

const NINE_TO_FIVE = { startMinute: 9 * 60, endMinute: 17 * 60 };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("sending window", () => {
  it("leaves a time inside the window alone", () => {
    // 10:30 in New York (EST, UTC-5).
    expect(iso(intoSendingWindow(at("2026-01-15T15:30:00Z"), "America/New_York", NINE_TO_FIVE))).toBe(
      "2026-01-15T15:30:00.000Z",
    );
  });

  it("moves an early time to the opening the same day, a late one to the next day's", () => {
    expect(iso(intoSendingWindow(at("2026-01-15T11:00:00Z"), "America/New_York", NINE_TO_FIVE))).toBe(
      "2026-01-15T14:00:00.000Z",
    );
    expect(iso(intoSendingWindow(at("2026-01-15T22:00:00Z"), "America/New_York", NINE_TO_FIVE))).toBe(
      "2026-01-16T14:00:00.000Z",
    );
    // 17:00 is the end: already outside.
    expect(iso(intoSendingWindow(at("2026-01-15T22:00:00Z"), "UTC", NINE_TO_FIVE))).toBe("2026-01-16T09:00:00.000Z");
  });

  it("reads the window in the lead's zone", () => {
    // 03:00 UTC is 08:30 in Kolkata: opens at 09:00 there, 03:30 UTC.
    expect(iso(intoSendingWindow(at("2026-01-15T03:00:00Z"), "Asia/Kolkata", NINE_TO_FIVE))).toBe(
      "2026-01-15T03:30:00.000Z",
    );
  });

  it("follows daylight saving and opens later on a day whose opening is skipped", () => {
    // The day after the spring change New York is UTC-4.
    expect(iso(intoSendingWindow(at("2026-03-09T05:00:00Z"), "America/New_York", NINE_TO_FIVE))).toBe(
      "2026-03-09T13:00:00.000Z",
    );
    // 02:00-03:00 does not exist on 8 March 2026 in New York: a 02:30 opening moves to
    // 03:00 EDT, the first half hour that exists.
    const night = { startMinute: 2 * 60 + 30, endMinute: 4 * 60 };
    expect(iso(intoSendingWindow(at("2026-03-08T05:00:00Z"), "America/New_York", night))).toBe(
      "2026-03-08T07:00:00.000Z",
    );
  });
});

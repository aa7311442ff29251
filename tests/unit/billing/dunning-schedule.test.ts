import { describe, expect, it } from "vitest";
import {
  DUNNING_END_DAY,
  DUNNING_SCHEDULE,
  dunningEndsAt,
  dunningStep,
  dunningStepAt,
  openSince,
} from "@/lib/billing/shared/dunning-schedule";
import { DAY_MS } from "@/lib/shared/dates";
import { CARD_UPDATE_LINK_DAYS } from "@/lib/billing/shared/billing-rules";

const OPENED = new Date("2026-03-01T10:00:00.000Z");

describe("dunning schedule", () => {
  it("e-mails on days 0, 3, 7 and 10, and ends on day 14", () => {
    expect(DUNNING_SCHEDULE.map((s) => [s.day, s.notice])).toEqual([
      [0, "failed"],
      [3, "reminder"],
      [7, "reminder"],
      [10, "last"],
      [14, "ended"],
    ]);
    expect(DUNNING_END_DAY).toBe(14);
  });

  it("retries the demo charge on days 3, 7 and 10 only, and ends exactly once, last", () => {
    expect(DUNNING_SCHEDULE.filter((s) => s.retry).map((s) => s.day)).toEqual([3, 7, 10]);
    expect(DUNNING_SCHEDULE.filter((s) => s.end)).toHaveLength(1);
    expect(DUNNING_SCHEDULE.at(-1)?.end).toBe(true);
  });

  it("dates each step from the opening and has nothing after the end", () => {
    expect(dunningStepAt(OPENED, 0)).toEqual(OPENED);
    expect(dunningStepAt(OPENED, 1)).toEqual(new Date("2026-03-04T10:00:00.000Z"));
    expect(dunningStepAt(OPENED, 4)).toEqual(new Date("2026-03-15T10:00:00.000Z"));
    expect(dunningStepAt(OPENED, 5)).toBeNull();
    expect(dunningStep(5)).toBeNull();
    expect(dunningEndsAt(OPENED)).toEqual(dunningStepAt(OPENED, 4));
  });

  it("days only grow, so a late sweep takes the steps in order", () => {
    const days = DUNNING_SCHEDULE.map((s) => s.day);
    expect([...days].sort((a, b) => a - b)).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
  });

  it("the card-update link outlives the schedule", () => {
    expect(CARD_UPDATE_LINK_DAYS).toBeGreaterThan(DUNNING_END_DAY);
  });

  it("opens no case for a failure older than the schedule", () => {
    expect(openSince(new Date(OPENED.getTime() + 14 * DAY_MS))).toEqual(OPENED);
  });
});

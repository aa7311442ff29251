import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/platform/server/config";
import { parseDailyHours, parseWeekdays } from "@/lib/platform/shared/availability-config";

describe("booking calendar configuration", () => {
  it("defaults to Mon–Fri, 09:00–17:00 New York time, 30-minute slots, 14 days, 2 hours' notice", () => {
    expect(parseConfig({})).toMatchObject({
      BOOKING_TIME_ZONE: "America/New_York",
      BOOKING_WEEKDAYS: [1, 2, 3, 4, 5],
      BOOKING_HOURS: { startMinute: 540, endMinute: 1020 },
      BOOKING_SLOT_MINUTES: 30,
      BOOKING_BUFFER_MINUTES: 0,
      BOOKING_DAYS_AHEAD: 14,
      BOOKING_MIN_NOTICE_MINUTES: 120,
    });
  });

  it("accepts the configured values", () => {
    expect(
      parseConfig({
        BOOKING_TIME_ZONE: "Europe/Berlin",
        BOOKING_WEEKDAYS: "Tue-Thu,sat",
        BOOKING_HOURS: "08:30-24:00",
        BOOKING_SLOT_MINUTES: "45",
        BOOKING_BUFFER_MINUTES: "15",
        BOOKING_DAYS_AHEAD: "30",
        BOOKING_MIN_NOTICE_MINUTES: "0",
      }),
    ).toMatchObject({
      BOOKING_TIME_ZONE: "Europe/Berlin",
      BOOKING_WEEKDAYS: [2, 3, 4, 6],
      BOOKING_HOURS: { startMinute: 510, endMinute: 1440 },
      BOOKING_SLOT_MINUTES: 45,
      BOOKING_BUFFER_MINUTES: 15,
      BOOKING_DAYS_AHEAD: 30,
      BOOKING_MIN_NOTICE_MINUTES: 0,
    });
  });

  it.each([
    [{ BOOKING_TIME_ZONE: "Mars/Olympus_Mons" }, "BOOKING_TIME_ZONE"],
    [{ BOOKING_TIME_ZONE: "EST5EDT,M3" }, "BOOKING_TIME_ZONE"],
    [{ BOOKING_WEEKDAYS: "Fri-Mon" }, "BOOKING_WEEKDAYS"],
    [{ BOOKING_WEEKDAYS: "Weekdays" }, "BOOKING_WEEKDAYS"],
    [{ BOOKING_WEEKDAYS: "Mon,,Tue" }, "BOOKING_WEEKDAYS"],
    [{ BOOKING_HOURS: "17:00-09:00" }, "BOOKING_HOURS"],
    [{ BOOKING_HOURS: "9-17" }, "BOOKING_HOURS"],
    [{ BOOKING_HOURS: "09:00-24:30" }, "BOOKING_HOURS"],
    [{ BOOKING_SLOT_MINUTES: "2" }, "BOOKING_SLOT_MINUTES"],
    [{ BOOKING_SLOT_MINUTES: "30.5" }, "BOOKING_SLOT_MINUTES"],
    [{ BOOKING_SLOT_MINUTES: "120", BOOKING_HOURS: "09:00-10:00" }, "BOOKING_SLOT_MINUTES"],
    [{ BOOKING_BUFFER_MINUTES: "-5" }, "BOOKING_BUFFER_MINUTES"],
    [{ BOOKING_DAYS_AHEAD: "0" }, "BOOKING_DAYS_AHEAD"],
    [{ BOOKING_DAYS_AHEAD: "365" }, "BOOKING_DAYS_AHEAD"],
    [{ BOOKING_MIN_NOTICE_MINUTES: "soon" }, "BOOKING_MIN_NOTICE_MINUTES"],
  ])("refuses %j naming the variable", (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([variable]);
    }
  });

  it("reads weekday lists and daily hours", () => {
    expect(parseWeekdays("Monday-Wednesday, FRI")).toEqual([1, 2, 3, 5]);
    expect(parseWeekdays("Sun")).toEqual([7]);
    expect(parseWeekdays("Mo")).toBeNull();
    expect(parseWeekdays("Mon-Tue-Wed")).toBeNull();
    expect(parseDailyHours(" 00:00 - 24:00 ")).toEqual({ startMinute: 0, endMinute: 1440 });
    expect(parseDailyHours("10:00-10:00")).toBeNull();
    expect(parseDailyHours("24:00-24:00")).toBeNull();
  });
});

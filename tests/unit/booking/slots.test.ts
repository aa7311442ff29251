import { describe, expect, it } from "vitest";
import { blockedUntil, freeSlots, offeredSlotAt, offeredSlots, type Availability } from "@/lib/booking/shared/slots";
import { groupByDay, slotLabel, spanLabel, zoneName } from "@/lib/booking/shared/slot-labels";
import { isTimeZone, offsetAt, zonedInstant } from "@/lib/shared/zoned-time";

// The built-in calendar's slot rule: availability in the provider's zone,
// daylight-saving transitions in it, and the same instants shown to visitors far away.

const NY: Availability = {
  timeZone: "America/New_York",
  weekdays: [1, 2, 3, 4, 5],
  startMinute: 9 * 60,
  endMinute: 17 * 60,
  slotMinutes: 30,
  bufferMinutes: 0,
  daysAhead: 14,
  minNoticeMinutes: 120,
};
const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());

describe("offered slots", () => {
  it("lists every weekday's 09:00–17:00 in 30-minute slots for 14 provider-local days", () => {
    const now = new Date("2026-11-23T12:00:00Z"); // Monday 07:00 in New York
    const slots = offeredSlots(NY, now);
    expect(slots).toHaveLength(10 * 16);
    expect(slots[0]!.start.toISOString()).toBe("2026-11-23T14:00:00.000Z"); // 09:00 EST, exactly 2 h ahead
    expect(slots[0]!.end.toISOString()).toBe("2026-11-23T14:30:00.000Z");
    expect(slots[15]!.start.toISOString()).toBe("2026-11-23T21:30:00.000Z"); // 16:30, the day's last
    expect(slots.at(-1)!.start.toISOString()).toBe("2026-12-04T21:30:00.000Z"); // Friday of next week
    expect(iso(slots).some((s) => s.startsWith("2026-11-28") || s.startsWith("2026-11-29"))).toBe(false);
  });

  it("counts days in the provider's zone and holds back slots inside the minimum notice", () => {
    // 22:00 on Monday in New York is already Tuesday in UTC: Monday is the first of the 14 days.
    const late = offeredSlots(NY, new Date("2026-11-24T03:00:00Z"));
    expect(late[0]!.start.toISOString()).toBe("2026-11-24T14:00:00.000Z");
    expect(late).toHaveLength(9 * 16); // Monday's slots are past; 14 days still end on Sunday 6 December
    const noon = offeredSlots(NY, new Date("2026-11-23T17:00:00Z")); // 12:00: 14:00 is the first with 2 h notice
    expect(noon[0]!.start.toISOString()).toBe("2026-11-23T19:00:00.000Z");
  });

  it("spaces slots by the buffer and ends every slot inside the day", () => {
    const slots = offeredSlots(
      { ...NY, slotMinutes: 45, bufferMinutes: 15, daysAhead: 1, minNoticeMinutes: 0 },
      new Date("2026-11-23T05:00:00Z"),
    );
    expect(iso(slots)).toEqual([
      "2026-11-23T14:00:00.000Z",
      "2026-11-23T15:00:00.000Z",
      "2026-11-23T16:00:00.000Z",
      "2026-11-23T17:00:00.000Z",
      "2026-11-23T18:00:00.000Z",
      "2026-11-23T19:00:00.000Z",
      "2026-11-23T20:00:00.000Z",
      "2026-11-23T21:00:00.000Z", // 16:00–16:45; 17:00 would end after the day
    ]);
  });

  // Sunday's small hours in New York, where the clock changes.
  const night: Availability = {
    ...NY,
    weekdays: [7],
    startMinute: 0,
    endMinute: 4 * 60,
    daysAhead: 1,
    minNoticeMinutes: 0,
  };

  it("skips wall times a spring-forward jump removes (New York, 8 March 2026)", () => {
    const slots = offeredSlots(night, new Date("2026-03-08T05:00:00Z")); // Sunday 00:00 EST
    expect(iso(slots)).toEqual([
      "2026-03-08T05:00:00.000Z", // 00:00 EST
      "2026-03-08T05:30:00.000Z",
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z", // 01:30 EST; 02:00 and 02:30 do not exist
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-03-08T07:30:00.000Z",
    ]);
  });

  it("takes the first of the repeated hour when clocks fall back (New York, 1 November 2026)", () => {
    const slots = offeredSlots(night, new Date("2026-11-01T04:00:00Z")); // Sunday 00:00 EDT
    expect(iso(slots)).toEqual([
      "2026-11-01T04:00:00.000Z", // 00:00 EDT
      "2026-11-01T04:30:00.000Z",
      "2026-11-01T05:00:00.000Z", // 01:00 EDT (01:00 EST an hour later is the same wall time)
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T07:00:00.000Z", // 02:00 EST
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T08:30:00.000Z",
    ]);
    // Every slot is 30 real minutes and none overlaps the next.
    for (const [i, slot] of slots.entries()) {
      expect(slot.end.getTime() - slot.start.getTime()).toBe(30 * 60_000);
      if (i > 0) expect(slot.start.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.end.getTime());
    }
  });

  it("keeps 09:00 local across the provider's transition: 09:00 EDT before, 09:00 EST after", () => {
    const slots = offeredSlots({ ...NY, daysAhead: 7, minNoticeMinutes: 0 }, new Date("2026-10-29T04:00:00Z"));
    const nines = iso(slots).filter((_, i) => i % 16 === 0);
    expect(nines).toEqual([
      "2026-10-29T13:00:00.000Z", // Thursday, EDT
      "2026-10-30T13:00:00.000Z", // Friday, EDT
      "2026-11-02T14:00:00.000Z", // Monday, EST
      "2026-11-03T14:00:00.000Z",
      "2026-11-04T14:00:00.000Z",
    ]);
  });

  it("handles a provider south of the equator (Auckland springs forward on 27 September 2026)", () => {
    const nz: Availability = {
      ...NY,
      timeZone: "Pacific/Auckland",
      weekdays: [7],
      startMinute: 60,
      endMinute: 4 * 60,
      daysAhead: 1,
      minNoticeMinutes: 0,
    };
    const slots = offeredSlots(nz, new Date("2026-09-26T12:00:00Z")); // Sunday 00:00 NZST
    expect(iso(slots)).toEqual([
      "2026-09-26T13:00:00.000Z", // 01:00 NZST (+12)
      "2026-09-26T13:30:00.000Z", // 01:30; 02:00–02:59 do not exist
      "2026-09-26T14:00:00.000Z", // 03:00 NZDT (+13)
      "2026-09-26T14:30:00.000Z",
    ]);
  });
});

describe("free slots and the slot at a time", () => {
  const now = new Date("2026-11-23T05:00:00Z");
  const buffered: Availability = { ...NY, slotMinutes: 30, bufferMinutes: 15, daysAhead: 1, minNoticeMinutes: 0 };

  it("leaves out slots whose span plus buffer meets a booking", () => {
    const booked = new Date("2026-11-23T15:30:00Z"); // 10:30
    const free = freeSlots(buffered, now, [{ start: booked, until: blockedUntil(buffered, booked) }]);
    expect(iso(free)).toContain("2026-11-23T14:45:00.000Z"); // 09:45 blocks until exactly 10:30: free
    expect(iso(free)).not.toContain("2026-11-23T15:30:00.000Z");
    expect(iso(free)).toContain("2026-11-23T16:15:00.000Z");
    expect(free).toHaveLength(offeredSlots(buffered, now).length - 1);
    // A booking off today's grid (made under other settings) blocks every slot it touches.
    const odd = new Date("2026-11-23T15:00:00Z");
    expect(iso(freeSlots(buffered, now, [{ start: odd, until: new Date("2026-11-23T15:45:00Z") }]))).not.toContain(
      "2026-11-23T14:45:00.000Z",
    );
  });

  it("finds an offered slot and refuses the past, the notice period, the weekend and times off the grid", () => {
    const at = (s: string) => offeredSlotAt(NY, new Date("2026-11-23T12:00:00Z"), new Date(s));
    expect(at("2026-11-24T15:30:00Z")?.end.toISOString()).toBe("2026-11-24T16:00:00.000Z");
    expect(at("2026-11-20T15:30:00Z")).toBeNull(); // past
    expect(at("2026-11-23T13:30:00Z")).toBeNull(); // 08:30, before the day starts
    expect(at("2026-11-28T15:30:00Z")).toBeNull(); // Saturday
    expect(at("2026-11-24T15:40:00Z")).toBeNull(); // off the grid
    expect(at("2026-12-08T15:30:00Z")).toBeNull(); // beyond 14 days
    expect(offeredSlotAt(NY, new Date("2026-11-24T14:00:00Z"), new Date("2026-11-24T15:30:00Z"))).toBeNull(); // 1.5 h notice
  });
});

describe("slot labels in the visitor's zone", () => {
  const nyDay = offeredSlots({ ...NY, daysAhead: 1, minNoticeMinutes: 0 }, new Date("2026-11-24T05:00:00Z"));

  it("names a slot with its day, for screen readers, in far zones", () => {
    const start = new Date("2026-11-24T14:00:00Z"); // 09:00 in New York
    expect(slotLabel(start, "America/New_York")).toBe("Tuesday 24 November, 9:00 AM");
    expect(slotLabel(start, "Asia/Kolkata")).toBe("Tuesday 24 November, 7:30 PM");
    expect(slotLabel(start, "Pacific/Auckland")).toBe("Wednesday 25 November, 3:00 AM");
    expect(spanLabel(start, new Date("2026-11-24T14:30:00Z"), "Europe/Berlin")).toBe(
      "Tuesday 24 November, 3:00 PM – 3:30 PM",
    );
    expect(zoneName(start, "Asia/Kolkata")).toBe("India Standard Time");
  });

  it("splits one provider day over two visitor days where midnight falls between its slots", () => {
    const days = groupByDay(iso(nyDay), "Asia/Kolkata");
    expect(days.map((d) => [d.label, d.slots.length])).toEqual([
      ["Tuesday 24 November", 9], // 19:30 … 23:30 IST
      ["Wednesday 25 November", 7], // 00:00 … 03:00 IST
    ]);
    expect(days[1]!.slots[0]).toEqual({
      start: "2026-11-24T18:30:00.000Z",
      time: "12:00 AM",
      label: "Wednesday 25 November, 12:00 AM",
    });
    expect(groupByDay(iso(nyDay), "America/New_York")).toHaveLength(1);
    expect(groupByDay(iso(nyDay), "Pacific/Auckland").map((d) => d.label)).toEqual(["Wednesday 25 November"]);
  });
});

describe("zoned time", () => {
  it("knows IANA zones and their offsets", () => {
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    // Legacy names tzdb still links are real zones; so is the far end of Etc's range.
    for (const zone of [
      "US/Eastern",
      "Asia/Calcutta",
      "Etc/GMT-14",
      "Etc/GMT+12",
      "EST5EDT",
      "America/Port-au-Prince",
    ]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    // Etc/GMT+14 does not exist (the Etc range is -14…+12); spelling and offsets are not zones.
    for (const zone of [
      "Etc/GMT+14",
      "asia/kolkata",
      "utc",
      "+05:30",
      "UTC+1",
      " UTC",
      "Asia/Kolkata\n",
      "A/".repeat(40),
    ]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
    expect(offsetAt(Date.parse("2026-07-01T00:00:00Z"), "America/New_York")).toBe(-4 * 3_600_000);
    expect(offsetAt(Date.parse("2026-07-01T00:00:00Z"), "Asia/Kolkata")).toBe(5.5 * 3_600_000);
    expect(zonedInstant({ year: 2026, month: 3, day: 8 }, 150, "America/New_York")).toBeNull();
    expect(zonedInstant({ year: 2026, month: 12, day: 31 }, 23 * 60 + 30, "Pacific/Kiritimati")).toBe(
      Date.parse("2026-12-31T09:30:00Z"),
    );
  });
});

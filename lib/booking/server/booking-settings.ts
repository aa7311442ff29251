import "server-only";
import { getConfig, type Config } from "@/lib/platform/server/config";
import type { Availability } from "@/lib/booking/shared/slots";

// With BOOKING_URL set, the built-in calendar takes no new bookings (existing ones can still be cancelled).

export const BUILT_IN_EVENT_TYPE = "AI Strategy Call";

export function bookingAvailability(config: Config = getConfig()): Availability {
  return {
    timeZone: config.BOOKING_TIME_ZONE,
    weekdays: config.BOOKING_WEEKDAYS,
    startMinute: config.BOOKING_HOURS.startMinute,
    endMinute: config.BOOKING_HOURS.endMinute,
    slotMinutes: config.BOOKING_SLOT_MINUTES,
    bufferMinutes: config.BOOKING_BUFFER_MINUTES,
    daysAhead: config.BOOKING_DAYS_AHEAD,
    minNoticeMinutes: config.BOOKING_MIN_NOTICE_MINUTES,
  };
}

export function builtInCalendarEnabled(config: Config = getConfig()): boolean {
  return !config.BOOKING_URL;
}

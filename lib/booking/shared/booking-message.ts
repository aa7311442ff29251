import { z } from "zod";

// The booking widget's postMessage when an invitee books (Calendly's wire format:
// { event: "calendly.event_scheduled", payload: { event: { uri }, invitee: { uri } } }).
// The event id is the last segment of the event URI. Some widgets also send the start time.

export const BOOKED_EVENT = "calendly.event_scheduled";

const bookedMessage = z.object({
  event: z.literal(BOOKED_EVENT),
  payload: z.object({
    event: z.object({ uri: z.url(), start_time: z.iso.datetime({ offset: true }).optional() }),
    invitee: z.object({ uri: z.url() }).optional(),
  }),
});

export type Booking = { eventId: string; scheduledTime: string | null; eventType: string };

/** Trusted origin + expected shape, or null. The origin check is the caller's first step. */
export function parseBookedMessage(origin: string, expectedOrigin: string, data: unknown): Booking | null {
  if (origin !== expectedOrigin) return null;
  const parsed = bookedMessage.safeParse(data);
  if (!parsed.success) return null;
  const eventId = new URL(parsed.data.payload.event.uri).pathname.split("/").filter(Boolean).at(-1) ?? "";
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(eventId)) return null;
  return { eventId, scheduledTime: parsed.data.payload.event.start_time ?? null, eventType: parsed.data.event };
}

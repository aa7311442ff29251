import { z } from "zod";

// Calendly's wire format. The event id is the last segment of the event URI.

export const BOOKED_EVENT = "calendly.event_scheduled";

const bookedMessage = z.object({
  event: z.literal(BOOKED_EVENT),
  payload: z.object({
    event: z.object({ uri: z.url(), start_time: z.iso.datetime({ offset: true }).optional() }),
    invitee: z.object({ uri: z.url() }).optional(),
  }),
});

export type Booking = { eventId: string; scheduledTime: string | null; eventType: string };

/** The origin check is the caller's first step. */
export function parseBookedMessage(origin: string, expectedOrigin: string, data: unknown): Booking | null {
  if (origin !== expectedOrigin) return null;
  const parsed = bookedMessage.safeParse(data);
  if (!parsed.success) return null;
  const eventId = new URL(parsed.data.payload.event.uri).pathname.split("/").filter(Boolean).at(-1) ?? "";
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(eventId)) return null;
  return { eventId, scheduledTime: parsed.data.payload.event.start_time ?? null, eventType: parsed.data.event };
}

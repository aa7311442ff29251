import "server-only";
import { createEvent } from "ics";
import type { EmailAttachment } from "@/lib/platform/server/mail/mailer";

// UID is the booking id and SEQUENCE grows with every change, so calendars update the same event.

export type InviteInput = {
  bookingId: string;
  method: "REQUEST" | "CANCEL";
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  manageUrl?: string;
};

export function bookingInvite(input: InviteInput): EmailAttachment {
  const { error, value } = createEvent({
    productId: "fast-forward-funnel/booking",
    method: input.method,
    uid: input.bookingId,
    sequence: input.sequence,
    start: input.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: input.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: input.title,
    description: input.description,
    status: input.method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    busyStatus: "BUSY",
    organizer: input.organizer,
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: false,
        partstat: "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
    ...(input.manageUrl ? { url: input.manageUrl } : {}),
  });
  if (error || !value) throw new Error(`calendar invitation not built: ${error?.message ?? "no output"}`);
  return {
    filename: input.method === "CANCEL" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    content: value,
  };
}

import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { getConfig } from "@/lib/platform/server/config";
import type { EmailMessage } from "@/lib/platform/server/mail/mailer";
import { BookingEmail, bookingSubject, type BookingEmailKind } from "@/lib/emails/booking-email";
import { bookingInvite } from "@/lib/booking/server/booking-invite";
import { BUILT_IN_EVENT_TYPE } from "@/lib/booking/server/booking-settings";
import { manageUrl } from "@/lib/booking/server/manage-token";
import { spanLabel, zoneName } from "@/lib/booking/shared/slot-labels";

// Rendered before the caller's transaction (keeping it short), queued inside it.

export type BookingMailInput = {
  kind: BookingEmailKind;
  bookingId: string;
  sequence: number;
  start: Date;
  end: Date;
  visitorTimezone: string;
  prospect: { id: string; email: string; name: string; firstName: string };
  token?: string;
};

export async function bookingEmail(input: BookingMailInput): Promise<EmailMessage> {
  const config = getConfig();
  const when = spanLabel(input.start, input.end, input.visitorTimezone);
  const link = input.token ? manageUrl(input.token) : `${config.SITE_URL}/schedule-call`;
  const element = createElement(BookingEmail, {
    kind: input.kind,
    firstName: input.prospect.firstName,
    eventType: BUILT_IN_EVENT_TYPE,
    when,
    zone: `${input.visitorTimezone} (${zoneName(input.start, input.visitorTimezone)})`,
    link,
    providerName: config.PROVIDER_NAME,
    providerEmail: config.PROVIDER_EMAIL,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const invite = bookingInvite({
    bookingId: input.bookingId,
    method: input.kind === "canceled" ? "CANCEL" : "REQUEST",
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    title: `${BUILT_IN_EVENT_TYPE} with ${config.PROVIDER_NAME}`,
    description:
      input.kind === "canceled"
        ? `This call was cancelled. Book a new time: ${link}`
        : `Your free ${BUILT_IN_EVENT_TYPE}. We will call you on the phone number you gave us. Move or cancel: ${link}`,
    organizer: { name: config.PROVIDER_NAME, email: config.PROVIDER_EMAIL },
    attendee: { name: input.prospect.name, email: input.prospect.email },
    ...(input.token ? { manageUrl: link } : {}),
  });
  return {
    template: `booking-${input.kind}`,
    to: input.prospect.email,
    subject: bookingSubject(input.kind, BUILT_IN_EVENT_TYPE, when),
    html,
    text,
    prospectId: input.prospect.id,
    attachments: [invite],
  };
}

import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, badRequest } from "@/lib/platform/shared/api-error";
import { bindFunnelSession, findRegisteredSession } from "@/lib/leads/server/session-store";
import { registerProspect } from "@/lib/leads/server/register-prospect";
import { FILL_BOTH_MESSAGE } from "@/lib/leads/shared/contact-rules";
import type { Prospect } from "@/lib/generated/prisma/client";
import { stepOf, type FunnelEventData } from "@/lib/leads/shared/event-catalog";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import type { CreateBookingInput } from "@/lib/booking/server/booking-input";
import { bookingEmail } from "@/lib/booking/server/booking-mail";
import { isExclusionViolation } from "@/lib/platform/shared/db-errors";
import {
  bookingAvailability,
  BUILT_IN_EVENT_TYPE,
  builtInCalendarEnabled,
} from "@/lib/booking/server/booking-settings";
import { newManageToken } from "@/lib/booking/server/manage-token";
import { latestPhoneConsent } from "@/lib/booking/server/visitor-booking";
import { blockedUntil, offeredSlotAt } from "@/lib/booking/shared/slots";
import { emitWebhookEvent } from "@/lib/platform/server/webhooks/emit-event";
import { callData } from "@/lib/platform/server/webhooks/event-data";
import { log } from "@/lib/platform/server/logger";

// Phone consent first (docs/product.md#phone-consent); booking, call record, funnel step and
// e-mail in one transaction. Two visitors racing for one slot: the exclusion constraint lets
// exactly one insert through.

export type CreatedBooking = {
  bookingId: string;
  start: Date;
  end: Date;
  eventType: string;
  userTimezone: string;
  emailId: string;
};

/** No welcome e-mail for a prospect registered here: the booking's own e-mail follows. */
async function bookingProspect(
  input: CreateBookingInput,
  browserId: string,
  prospectId: string | null,
): Promise<Prospect> {
  if (input.name !== undefined && input.email !== undefined) {
    const none = "";
    const { prospect } = await registerProspect(
      {
        contactId: input.contactId,
        name: input.name,
        email: input.email,
        utm_source: none,
        utm_medium: none,
        utm_campaign: none,
        utm_term: none,
        utm_content: none,
      },
      { browserId },
    );
    return prospect;
  }
  const id = prospectId ?? (await findRegisteredSession(browserId))?.prospectId ?? null;
  const prospect = id ? await getDb().prospect.findUnique({ where: { id } }) : null;
  if (!prospect) throw badRequest(FILL_BOTH_MESSAGE);
  return prospect;
}

export async function createBooking(
  input: CreateBookingInput,
  context: { browserId: string },
  now = new Date(),
): Promise<CreatedBooking> {
  if (!builtInCalendarEnabled()) throw new ApiError("not_found", "Calls are booked through the booking widget.");
  const availability = bookingAvailability();
  const slot = offeredSlotAt(availability, now, new Date(input.start));
  if (!slot) throw new ApiError("slot_unavailable");
  const session = await bindFunnelSession({ sessionId: input.contactId, browserId: context.browserId });
  const consent = await latestPhoneConsent(context.browserId);
  if (!consent) throw new ApiError("phone_consent_required");
  const prospect = await bookingProspect(input, context.browserId, session.prospectId);

  const bookingId = randomUUID();
  const { token, hash } = newManageToken();
  const message = await bookingEmail({
    kind: "confirmed",
    bookingId,
    sequence: 0,
    start: slot.start,
    end: slot.end,
    visitorTimezone: input.userTimezone,
    prospect,
    token,
  });
  const event: FunnelEventData["booking_scheduled"] = { eventId: bookingId };
  try {
    const emailId = await getDb().$transaction(async (tx) => {
      // One upcoming call per prospect: parallel bookings by the same person queue here.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`booking:${prospect.id}`}))`;
      const upcoming = await tx.booking.findFirst({
        where: { prospectId: prospect.id, status: "BOOKED", startsAt: { gt: now } },
        select: { id: true },
      });
      if (upcoming) throw new ApiError("call_already_booked");
      await tx.booking.create({
        data: {
          id: bookingId,
          startsAt: slot.start,
          endsAt: slot.end,
          blockedUntil: blockedUntil(availability, slot.start),
          providerTimezone: availability.timeZone,
          visitorTimezone: input.userTimezone,
          sessionId: session.id,
          prospectId: prospect.id,
          phoneConsentId: consent.id,
          manageTokenHash: hash,
        },
      });
      // Consent given before the server knew the visitor now names them.
      await tx.phoneConsent.updateMany({
        where: { id: consent.id, prospectId: null },
        data: { prospectId: prospect.id },
      });
      const call = await tx.scheduledCall.create({
        data: {
          sessionId: session.id,
          prospectId: prospect.id,
          eventId: bookingId,
          scheduledTime: slot.start,
          eventType: BUILT_IN_EVENT_TYPE,
          userTimezone: input.userTimezone,
          bookingId,
        },
      });
      await tx.funnelEvent.create({
        data: {
          sessionId: session.id,
          step: stepOf("booking_scheduled"),
          action: "booking_scheduled",
          data: event,
          clientTimestamp: now,
        },
      });
      await emitWebhookEvent(tx, "call.scheduled", call.eventId, callData(call, prospect, "built_in"));
      return enqueueEmail(message, tx);
    });
    log.info(`[booking] ${bookingId} booked for session ${session.id}`);
    return {
      bookingId,
      start: slot.start,
      end: slot.end,
      eventType: BUILT_IN_EVENT_TYPE,
      userTimezone: input.userTimezone,
      emailId,
    };
  } catch (error) {
    if (isExclusionViolation(error)) throw new ApiError("slot_taken");
    throw error;
  }
}

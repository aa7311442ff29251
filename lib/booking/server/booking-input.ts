import "server-only";
import { z } from "zod";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { boundedDateTime } from "@/lib/platform/shared/datetime";
import { contactEmailSchema, contactNameSchema } from "@/lib/leads/shared/contact-schema";
import { FILL_BOTH_MESSAGE } from "@/lib/leads/shared/contact-rules";
import { manageTokenSchema } from "@/lib/booking/server/manage-token";
import { isTimeZone } from "@/lib/shared/zoned-time";

// Strict: unknown keys are a 400. The browser's calls take their types from here.

export const userTimezoneSchema = z.string().max(64).refine(isTimeZone, "userTimezone must be an IANA time zone");

export const slotsQuerySchema = z.strictObject({});

export const createBookingSchema = z
  .strictObject({
    contactId: contactIdSchema,
    start: boundedDateTime,
    userTimezone: userTimezoneSchema,
    /** Only for a visitor the server does not know yet: both or neither. */
    name: contactNameSchema.optional(),
    email: contactEmailSchema.optional(),
  })
  .refine((body) => (body.name === undefined) === (body.email === undefined), {
    message: FILL_BOTH_MESSAGE,
    path: ["email"],
  });

export const cancelBookingSchema = z.strictObject({ token: manageTokenSchema });

export const moveBookingSchema = z.strictObject({
  token: manageTokenSchema,
  start: boundedDateTime,
  userTimezone: userTimezoneSchema,
});

export type CreateBookingInput = z.infer<typeof createBookingSchema>;
export type MoveBookingInput = z.infer<typeof moveBookingSchema>;

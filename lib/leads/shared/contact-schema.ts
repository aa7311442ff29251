import { z } from "zod";
import {
  CONTROL_CHARACTERS,
  EMAIL_MAX,
  FILL_BOTH_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NAME_CONTROL_MESSAGE,
  NAME_MAX,
  NAME_TOO_LONG_MESSAGE,
} from "@/lib/leads/shared/contact-rules";

// The one e-mail and name rule of every route that takes a contact (register, privacy-request,
// create-payment-intent and the checkout forms). The e-mail is zod's own z.email(), a kept
// validator, not a hand-made pattern: "a@", "@" and anything with CR/LF (a header injection such
// as "x@example.com\r\nBcc: z@z.z") fail it. Names never reach a mail header (the mailer sends
// to the bare address), but they are stored, shown in e-mail bodies and pages and read by
// operators, where a line break or control character only does harm, so they are refused.
// Kept apart from contact-rules.ts so the opt-in's client code does not ship zod (only lib/*/client
// and 'use client' code ship; tests/unit/lib-layout.test.ts and ESLint keep server code out).

export const contactNameSchema = z
  .string()
  .trim()
  .min(1, FILL_BOTH_MESSAGE)
  .max(NAME_MAX, NAME_TOO_LONG_MESSAGE)
  .refine((name) => !CONTROL_CHARACTERS.test(name), NAME_CONTROL_MESSAGE);

export const contactEmailSchema = z
  .string()
  .trim()
  .min(1, FILL_BOTH_MESSAGE)
  .max(EMAIL_MAX, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

export function isValidEmail(value: string): boolean {
  return contactEmailSchema.safeParse(value).success;
}

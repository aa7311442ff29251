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

// zod's own z.email() refuses "a@", "@" and CR/LF header injections. Names are stored and shown,
// so line breaks and control characters are refused. Apart from contact-rules.ts so the opt-in's
// client code does not ship zod.

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

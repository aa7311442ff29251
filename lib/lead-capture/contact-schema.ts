import { z } from "zod";
import {
  EMAIL_MAX,
  FILL_BOTH_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NAME_MAX,
  NAME_TOO_LONG_MESSAGE,
} from "@/lib/lead-capture/contact-rules";

// The server side of the contact rules (POST /api/register, POST /api/privacy-request). Kept out
// of contact-rules.ts so the opt-in's client code does not ship zod.

/** The server's name and e-mail fields: the same messages as the forms' toasts. */
export const contactNameSchema = z.string().trim().min(1, FILL_BOTH_MESSAGE).max(NAME_MAX, NAME_TOO_LONG_MESSAGE);
export const contactEmailSchema = z
  .string()
  .trim()
  .min(1, FILL_BOTH_MESSAGE)
  .max(EMAIL_MAX)
  .refine((value) => value.includes("@"), INVALID_EMAIL_MESSAGE);

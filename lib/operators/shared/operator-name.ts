import { z } from "zod";

// Operator and passkey names go into e-mails, the audit log and the console: one line, no control
// or invisible formatting characters (U+202E would reverse what a reader sees), at most 100.

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

export const operatorNameSchema = z
  .string()
  .trim()
  .min(1, { message: "Please enter a name." })
  .max(100, { message: "Please keep the name to 100 characters or fewer." })
  .refine((name) => !CONTROL_OR_FORMAT.test(name), { message: "Please enter the name on one line, as plain text." });

import "server-only";
import list from "@/lib/operators/server/common-passwords.json";
import { OPERATOR_PASSWORD_MIN } from "@/lib/operators/shared/auth-rules";

// Length alone lets "qwertyuiop123" through: the 44 000 commonest passwords of 12+ characters from
// a breach corpus (source in the JSON file) are refused, as is the operator's own e-mail name.

let common: Set<string> | null = null;

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common ones, so it is easy to guess. Please choose another.";

/** Why the password may not be used, or null when it may. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < OPERATOR_PASSWORD_MIN || password.length > 128) {
    return `The password must be ${OPERATOR_PASSWORD_MIN} to 128 characters long.`;
  }
  common ??= new Set(list.passwords);
  const lower = password.toLowerCase();
  if (common.has(lower)) return COMMON_PASSWORD_MESSAGE;
  const name = email?.split("@")[0]?.toLowerCase() ?? "";
  if (name.length >= 4 && lower.includes(name)) return "The password must not contain your e-mail address.";
  return null;
}

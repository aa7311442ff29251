// The contact rules (spec §5) of every form and route that takes a name and an e-mail: the
// opt-in, the privacy-request form and checkout. The forms check the spec's at-sign; the routes
// apply the full rule (contact-schema.ts, zod's z.email()) and answer with the same toast text.
// Pure and zod-free: the landing page's opt-in imports it.

export type Contact = { name: string; email: string };

export const NAME_MAX = 200;
export const EMAIL_MAX = 254;

export const FILL_BOTH_MESSAGE = "Please fill in both your name and email.";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
export const NAME_TOO_LONG_MESSAGE = `Please keep your name to ${NAME_MAX} characters or fewer.`;
export const NAME_CONTROL_MESSAGE = "Please enter your name on one line, without special characters.";

/** CR, LF, NUL and the other C0/C1 control characters: never part of a name. */
export const CONTROL_CHARACTERS = /\p{Cc}/u;

/** The spec's toast for contact details the form must not send, or null when they may go. */
export function contactProblem(name: string, email: string): string | null {
  const cleanName = name.trim();
  const cleanEmail = email.trim();
  if (!cleanName || !cleanEmail) return FILL_BOTH_MESSAGE;
  if (!cleanEmail.includes("@")) return INVALID_EMAIL_MESSAGE;
  if (cleanName.length > NAME_MAX) return NAME_TOO_LONG_MESSAGE;
  return null;
}

/**
 * What to tell a visitor whose registration failed, so they know whether trying again can help.
 * `status` is null when no answer came back. A 400's message is shown when the server wrote it
 * as a sentence for people (schema messages end with a period); field-coded ones are not.
 */
export function registrationProblem(status: number | null, serverMessage?: string): string {
  if (status === null) return "We could not reach our server. Please check your connection and try again.";
  if (status >= 500) return "Our server had a problem just now. Please try again in a moment.";
  if (status === 429) return "Too many attempts from your connection. Please wait a minute, then try again.";
  if (status === 400 && serverMessage && /^[A-Z][^:]*\.$/.test(serverMessage)) return serverMessage;
  return "Please check your name and email, then try again.";
}

/** What a checkout form sends again when it changes: seats and the contact as the server keeps it. */
export function contactKey(quantity: number, email: string, name: string): string {
  return JSON.stringify([quantity, email.trim().toLowerCase(), name.trim()]);
}

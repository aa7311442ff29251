// Pure and zod-free: the landing page's opt-in imports it. Routes apply the full rule
// (contact-schema.ts) with the same toast text.

export type Contact = { name: string; email: string };

export const NAME_MAX = 200;
export const EMAIL_MAX = 254;

export const FILL_BOTH_MESSAGE = "Please fill in both your name and email.";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
export const NAME_TOO_LONG_MESSAGE = `Please keep your name to ${NAME_MAX} characters or fewer.`;
export const NAME_CONTROL_MESSAGE = "Please enter your name on one line, without special characters.";

export const CONTROL_CHARACTERS = /\p{Cc}/u;

export function contactProblem(name: string, email: string): string | null {
  const cleanName = name.trim();
  const cleanEmail = email.trim();
  if (!cleanName || !cleanEmail) return FILL_BOTH_MESSAGE;
  if (!cleanEmail.includes("@")) return INVALID_EMAIL_MESSAGE;
  if (cleanName.length > NAME_MAX) return NAME_TOO_LONG_MESSAGE;
  return null;
}

/** A 400's message is shown only when the server wrote it as a sentence (ends with a period). */
export function registrationProblem(status: number | null, serverMessage?: string): string {
  if (status === null) return "We could not reach our server. Please check your connection and try again.";
  if (status >= 500) return "Our server had a problem just now. Please try again in a moment.";
  if (status === 429) return "Too many attempts from your connection. Please wait a minute, then try again.";
  if (status === 400 && serverMessage && /^[A-Z][^:]*\.$/.test(serverMessage)) return serverMessage;
  return "Please check your name and email, then try again.";
}

export function contactKey(quantity: number, email: string, name: string): string {
  return JSON.stringify([quantity, email.trim().toLowerCase(), name.trim()]);
}

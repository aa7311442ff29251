import { z } from "zod";

// The checkout's contact rules, shared by the forms (which create the payment only once these
// hold) and the create-payment-intent schema, so both sides agree on what a usable e-mail is.
// Pure: safe to import from client components.

export const FILL_CONTACT_MESSAGE = "Please fill in both your name and email.";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";

export const checkoutEmailSchema = z
  .string()
  .trim()
  .min(1, FILL_CONTACT_MESSAGE)
  .max(254)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

export const checkoutNameSchema = z.string().trim().min(1, FILL_CONTACT_MESSAGE).max(200);

export function isValidCheckoutEmail(value: string): boolean {
  return checkoutEmailSchema.safeParse(value).success;
}

/** What a checkout form sends again when it changes: seats and the contact as the server keeps it. */
export function contactKey(quantity: number, email: string, name: string): string {
  return JSON.stringify([quantity, email.trim().toLowerCase(), name.trim()]);
}

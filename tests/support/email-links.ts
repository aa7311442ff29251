import { POST as billingLinkRoute } from "@/app/api/billing/link/route";
import { POST as billingSignInRoute } from "@/app/api/billing/sign-in/route";
import { POST as verifyRoute } from "@/app/api/privacy-request/verify/route";
import { jsonRequest } from "./http";
import { outboxMails } from "./outbox";

// The secret links the app e-mails (only their hash is stored, the body sealed): a test follows the
// link the recipient would, read from the latest e-mail of that template.

export async function emailedLinkToken(recipient: string, template: string, path: string): Promise<string> {
  const mail = (await outboxMails({ recipient, template })).at(-1);
  if (!mail) throw new Error(`no ${template} e-mail to ${recipient}`);
  const escaped = path.replace(/[/.?]/g, (c) => `\\${c}`);
  const token = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${path} link in the ${template} e-mail to ${recipient}`);
  return token;
}

/** Presses "Confirm my request" on the link of the latest privacy request filed for `email`. */
export async function verifyPrivacyRequestOf(email: string): Promise<void> {
  const token = await emailedLinkToken(email.toLowerCase(), "privacy-request-received", "/privacy-request/verify");
  const response = await verifyRoute(jsonRequest("/api/privacy-request/verify", { token }));
  if (response.status !== 200) throw new Error(`privacy verification failed: ${response.status}`);
}

/** Asks for the billing page's link for `email` and presses its button: the buyer's session cookie pair. */
export async function billingSessionOf(email: string, peer?: string): Promise<string> {
  const asked = await billingLinkRoute(jsonRequest("/api/billing/link", { email }, { peer }));
  if (asked.status !== 200) throw new Error(`billing link request failed: ${asked.status}`);
  const token = await emailedLinkToken(email.toLowerCase(), "billing-link", "/billing/sign-in");
  const response = await billingSignInRoute(jsonRequest("/api/billing/sign-in", { token }, { peer }));
  if (response.status !== 200) throw new Error(`billing sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => /^(__Host-)?ff_billing=/.test(line));
  if (!cookie) throw new Error("billing sign-in set no session cookie");
  return cookie.split(";")[0]!;
}

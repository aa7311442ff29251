import "server-only";
import { after } from "next/server";
import { deliverEmail } from "@/lib/mail/mailer";

// Send a queued e-mail once the response is out. Outside a request scope (tests, scripts) there
// is no "after", so it is delivered right away instead; deliverEmail never throws.
export async function deliverAfterResponse(emailId: string | undefined): Promise<void> {
  if (!emailId) return;
  try {
    after(() => deliverEmail(emailId));
  } catch {
    await deliverEmail(emailId);
  }
}

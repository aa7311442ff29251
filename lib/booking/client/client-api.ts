import type { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import type { phoneConsentSchema } from "@/lib/booking/server/record-phone-consent";
import type { scheduledCallSchema } from "@/lib/booking/server/record-scheduled-call";

// Browser calls of the scheduling routes (spec §3, §7), typed by the routes' own schemas. Both
// answers are only checked for success: the pages move on, or say the booking was not noted.

export type PhoneConsentBody = z.input<typeof phoneConsentSchema>;
export type ScheduledCallBody = z.input<typeof scheduledCallSchema>;

export const PHONE_CONSENT_FAILED = "We could not save your number. Please try again.";

/** Rejects with the server's message (a refused number or missing consent) or the fallback. */
export async function postPhoneConsent(body: PhoneConsentBody): Promise<void> {
  await post("/api/phone-consent", body, null, PHONE_CONSENT_FAILED);
}

export async function postScheduledCall(body: ScheduledCallBody): Promise<void> {
  await post("/api/scheduled-call", body, null, "booking not recorded");
}

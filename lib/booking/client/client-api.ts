import type { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import type { phoneConsentSchema } from "@/lib/booking/server/record-phone-consent";
import type { scheduledCallSchema } from "@/lib/booking/server/record-scheduled-call";

// Typed by the routes' own schemas.

export type PhoneConsentBody = z.input<typeof phoneConsentSchema>;
export type ScheduledCallBody = z.input<typeof scheduledCallSchema>;

export const PHONE_CONSENT_FAILED = "We could not save your number. Please try again.";

export async function postPhoneConsent(body: PhoneConsentBody): Promise<void> {
  await post("/api/phone-consent", body, null, PHONE_CONSENT_FAILED);
}

export async function postScheduledCall(body: ScheduledCallBody): Promise<void> {
  await post("/api/scheduled-call", body, null, "booking not recorded");
}

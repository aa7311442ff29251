// POST /api/phone-consent — stores the phone number (E.164) and the one-to-one consent record.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { phoneConsentSchema, recordPhoneConsent } from "@/lib/booking/server/record-phone-consent";

export const POST = jsonRoute({
  schema: phoneConsentSchema,
  rateLimits: [{ name: "phone-consent", limit: 10, windowSeconds: 600 }],
  handle: async (input, context) => {
    const { consentId } = await recordPhoneConsent(input, context);
    return noStoreJson({ success: true, consentId }, 201);
  },
});

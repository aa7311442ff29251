import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { bindFunnelSession, findRegisteredSession } from "@/lib/leads/server/session-store";
import { badRequest } from "@/lib/platform/shared/api-error";
import type { RouteContext } from "@/lib/platform/server/http/json-route";
import { phoneConsentText } from "@/lib/booking/shared/consent-text";
import { CONSENT_REQUIRED_MESSAGE, INVALID_PHONE_MESSAGE, toE164 } from "@/lib/booking/shared/phone";
import { enforceRateLimit } from "@/lib/platform/server/security/rate-limit";
import { log } from "@/lib/platform/server/logger";

// The consent text is built here, never taken from the client, and stored verbatim with its hash.

export const phoneConsentSchema = z.strictObject({
  contactId: contactIdSchema,
  phone: z.string({ error: INVALID_PHONE_MESSAGE }).max(40, INVALID_PHONE_MESSAGE),
  // Only an explicit true is consent.
  consent: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),
});

export type PhoneConsentInput = z.infer<typeof phoneConsentSchema>;

/** So one number cannot be flooded. */
export const PHONE_RATE_RULE = { name: "phone-consent-number", limit: 5, windowSeconds: 3600 };

export const consentVersion = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

function samePageUrl(request: Request): string {
  const referer = request.headers.get("referer");
  const site = new URL(getConfig().SITE_URL).origin;
  const own = new URL(request.url).origin;
  if (referer && URL.canParse(referer)) {
    const url = new URL(referer);
    if (url.origin === site || url.origin === own) return `${url.origin}${url.pathname}`;
  }
  return "unknown";
}

export async function recordPhoneConsent(
  input: PhoneConsentInput,
  context: Pick<RouteContext, "request" | "clientIp" | "browserId">,
): Promise<{ consentId: string; phone: string }> {
  const phone = toE164(input.phone);
  if (!phone) throw badRequest(INVALID_PHONE_MESSAGE, "invalid_phone");
  await enforceRateLimit(PHONE_RATE_RULE, phone);
  const session = await bindFunnelSession({ sessionId: input.contactId, browserId: context.browserId });
  const prospectId = session.prospectId ?? (await findRegisteredSession(context.browserId))?.prospectId ?? null;
  const text = phoneConsentText(getConfig().PROVIDER_NAME);
  const row = await getDb().phoneConsent.create({
    data: {
      sessionId: session.id,
      prospectId,
      phoneE164: phone,
      consentText: text,
      consentVersion: consentVersion(text),
      pageUrl: samePageUrl(context.request),
      ip: context.clientIp,
      userAgent: (context.request.headers.get("user-agent") ?? "").slice(0, 500),
    },
  });
  log.info(`[phone-consent] recorded ${row.id} for session ${session.id}`);
  return { consentId: row.id, phone };
}

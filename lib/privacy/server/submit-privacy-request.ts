import "server-only";
import { randomUUID } from "node:crypto";
import { render } from "@react-email/render";
import { createElement } from "react";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { PRIVACY_REQUEST_SUBJECT, PrivacyRequestReceived } from "@/lib/emails/privacy-request-received";
import { contactEmailSchema, contactNameSchema } from "@/lib/leads/shared/contact-schema";
import {
  PRIVACY_DETAILS_MAX,
  PRIVACY_TYPE_MISSING_MESSAGE,
  PRIVACY_REQUEST_TYPES,
  requestTypeLabel,
  respondBy,
} from "@/lib/privacy/shared/request-types";
import { log } from "@/lib/platform/server/logger";
import { newLinkToken } from "@/lib/platform/server/security/link-token";
import { PRIVACY_VERIFY_DAYS, verifyExpiry } from "@/lib/privacy/shared/verification";

// The request and its acknowledgement e-mail are stored together (docs/product.md#privacy-rights).
// Nothing is looked up by address here, so a known and an unknown address get the same answer.

const requestTypes = PRIVACY_REQUEST_TYPES.map((type) => type.value);

export const privacyRequestSchema = z.strictObject({
  name: contactNameSchema,
  email: contactEmailSchema,
  requestType: z.enum(requestTypes, { error: PRIVACY_TYPE_MISSING_MESSAGE }),
  details: z.string().trim().max(PRIVACY_DETAILS_MAX).optional().default(""),
});

export type PrivacyRequestInput = z.infer<typeof privacyRequestSchema>;

const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export async function submitPrivacyRequest(
  input: PrivacyRequestInput,
  context: { browserId: string },
  now = new Date(),
): Promise<{ requestId: string; respondBy: Date; emailId: string }> {
  const due = respondBy(now);
  const requestId = randomUUID();
  const email = input.email.toLowerCase();
  const { PROVIDER_NAME, PROVIDER_EMAIL, SITE_URL } = getConfig();
  const verify = newLinkToken();
  // Rendered before the transaction, so it stays short.
  const element = createElement(PrivacyRequestReceived, {
    name: input.name,
    requestLabel: requestTypeLabel(input.requestType),
    requestId,
    respondBy: longDate(due),
    providerName: PROVIDER_NAME,
    providerEmail: PROVIDER_EMAIL,
    verifyUrl: `${SITE_URL}/privacy-request/verify?token=${verify.token}`,
    verifyDays: PRIVACY_VERIFY_DAYS,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const emailId = await getDb().$transaction(async (tx) => {
    await tx.privacyRequest.create({
      data: {
        id: requestId,
        email,
        name: input.name,
        requestType: input.requestType,
        details: input.details,
        respondBy: due,
        browserId: context.browserId,
        createdAt: now,
        verifyTokenHash: verify.hash,
        verifyExpiresAt: verifyExpiry(now),
      },
    });
    return enqueueEmail(
      { template: "privacy-request-received", to: email, subject: PRIVACY_REQUEST_SUBJECT, html, text },
      tx,
    );
  });
  log.info(`[privacy] request ${requestId} received (${input.requestType})`);
  return { requestId, respondBy: due, emailId };
}

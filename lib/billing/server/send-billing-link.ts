import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { z } from "zod";
import { BILLING_LINK_SUBJECT, BillingLinkEmail } from "@/lib/emails/billing-link";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { normalizeAddress } from "@/lib/platform/shared/email-address";
import { clientNetwork } from "@/lib/platform/server/security/client-ip";
import { newLinkToken } from "@/lib/platform/server/security/link-token";
import { enforceRateLimit, type RateRule } from "@/lib/platform/server/security/rate-limit";
import { contactEmailSchema } from "@/lib/leads/shared/contact-schema";
import { BILLING_LINK_MINUTES, billingLinkExpiry } from "@/lib/billing/shared/billing-rules";
import { log } from "@/lib/platform/server/logger";

// The billing page's sign-in link (docs/decisions/0038). The e-mail is rendered whether or not the
// address bought anything, so a known and an unknown address cost about the same and answer alike.

export const billingLinkSchema = z.strictObject({ email: contactEmailSchema });

/** Per address (keyed hash, never the address) and per client network. */
export const BILLING_LINK_ADDRESS_RULE: RateRule = { name: "billing-link-address", limit: 3, windowSeconds: 3600 };
export const BILLING_LINK_NETWORK_RULE: RateRule = { name: "billing-link-network", limit: 20, windowSeconds: 3600 };

/** Queues the link when the address has paid orders; says nothing about which happened. */
export async function sendBillingLink(email: string, clientIp: string, now = new Date()): Promise<void> {
  const address = normalizeAddress(email);
  await enforceRateLimit(BILLING_LINK_NETWORK_RULE, clientNetwork(clientIp));
  await enforceRateLimit(BILLING_LINK_ADDRESS_RULE, addressHash(address));
  const { SITE_URL, PROVIDER_NAME, PROVIDER_EMAIL } = getConfig();
  const link = newLinkToken();
  const element = createElement(BillingLinkEmail, {
    signInUrl: `${SITE_URL}/billing/sign-in?token=${link.token}`,
    minutes: BILLING_LINK_MINUTES,
    providerName: PROVIDER_NAME,
    providerEmail: PROVIDER_EMAIL,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const db = getDb();
  const bought = await db.order.findFirst({
    where: { email: { equals: address, mode: "insensitive" }, status: { in: ["SUCCEEDED", "REFUNDED"] } },
    select: { id: true },
  });
  if (!bought) return;
  await db.$transaction(async (tx) => {
    await tx.billingLink.create({
      data: { email: address, tokenHash: link.hash, expiresAt: billingLinkExpiry(now), createdAt: now },
    });
    await enqueueEmail({ template: "billing-link", to: address, subject: BILLING_LINK_SUBJECT, html, text }, tx);
  });
  log.info("[billing] sign-in link queued");
}

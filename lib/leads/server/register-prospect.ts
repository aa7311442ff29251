import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { contactEmailSchema, contactNameSchema } from "@/lib/leads/shared/contact-schema";
import { splitName } from "@/lib/leads/shared/name";
import { bindFunnelSession } from "@/lib/leads/server/session-store";
import { hasUtm, type UtmParams } from "@/lib/leads/shared/utm";
import type { Prospect } from "@/lib/generated/prisma/client";
import { stampProspectVariants } from "@/lib/experiments/server/stamp-variants";
import { emitWebhookEvent } from "@/lib/platform/server/webhooks/emit-event";
import { leadData } from "@/lib/platform/server/webhooks/event-data";
import { newLinkToken } from "@/lib/platform/server/security/link-token";
import { DAY_MS } from "@/lib/shared/dates";

// One prospect per e-mail. A browser not bound to an existing address's lead changes nothing there:
// its entry waits as a claim until the e-mailed link confirms it (docs/decisions/0018).

const utmField = z.string().max(200).optional().default("");

export const registerSchema = z.strictObject({
  contactId: contactIdSchema,
  name: contactNameSchema,
  email: contactEmailSchema,
  utm_source: utmField,
  utm_medium: utmField,
  utm_campaign: utmField,
  utm_term: utmField,
  utm_content: utmField,
  /** The Sec-GPC header is read too. */
  gpc: z.boolean().optional(),
});

export type RegisterInput = z.infer<typeof registerSchema>;

function touch(prefix: "first" | "last", utm: UtmParams) {
  return {
    [`${prefix}UtmSource`]: utm.utm_source,
    [`${prefix}UtmMedium`]: utm.utm_medium,
    [`${prefix}UtmCampaign`]: utm.utm_campaign,
    [`${prefix}UtmTerm`]: utm.utm_term,
    [`${prefix}UtmContent`]: utm.utm_content,
  };
}

export type Contact = { name: string; firstName: string; lastName: string; email: string };

export type Registration = {
  /** The address's lead: new, or the one it already had. Never shown to the caller. */
  prospect: Prospect;
  /** What this browser entered: the funnel's pages and answers show only this. */
  contact: Contact;
  /** The address already had a lead this browser is not bound to: the welcome e-mail's link confirms it. */
  confirmToken: string | null;
};

const contactOf = (p: Pick<Prospect, "name" | "firstName" | "lastName" | "email">): Contact => ({
  name: p.name,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
});

export const CLAIM_LIFETIME_MS = 7 * DAY_MS;

export async function registerProspect(
  input: RegisterInput,
  context: { browserId: string; gpcOptOut?: boolean },
  now = new Date(),
): Promise<Registration> {
  const utm: UtmParams = {
    utm_source: input.utm_source,
    utm_medium: input.utm_medium,
    utm_campaign: input.utm_campaign,
    utm_term: input.utm_term,
    utm_content: input.utm_content,
  };
  const email = input.email.toLowerCase();
  const names = splitName(input.name);
  const session = await bindFunnelSession({
    sessionId: input.contactId,
    browserId: context.browserId,
    utm,
    gpcOptOut: context.gpcOptOut,
  });
  return getDb().$transaction(async (tx) => {
    // Insert-or-nothing tells a new lead from a returning one; exactly one concurrent call creates it.
    const { count } = await tx.prospect.createMany({
      data: [{ email, ...names, ...touch("first", utm), ...touch("last", utm) }],
      skipDuplicates: true,
    });
    const created = count === 1;
    const existing = await tx.prospect.findUniqueOrThrow({ where: { email } });
    // The cookie is the only proof a browser has: one that created or confirmed the lead may update it.
    const bound =
      created ||
      (await tx.funnelSession.count({ where: { browserId: context.browserId, prospectId: existing.id } })) > 0;
    if (!bound) {
      const { token, hash } = newLinkToken();
      const claim = {
        prospectId: existing.id,
        ...names,
        ...claimUtm(utm),
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + CLAIM_LIFETIME_MS),
        createdAt: now,
      };
      await tx.funnelSession.update({ where: { id: session.id }, data: { prospectId: null } });
      await tx.leadClaim.upsert({
        where: { sessionId: session.id },
        create: { sessionId: session.id, ...claim },
        update: claim,
      });
      return { prospect: existing, contact: { ...names, email }, confirmToken: token };
    }
    // A bare revisit keeps the old last touch.
    const prospect = created
      ? existing
      : await tx.prospect.update({
          where: { email },
          data: { ...names, ...(hasUtm(utm) ? touch("last", utm) : {}) },
        });
    await tx.leadClaim.deleteMany({ where: { sessionId: session.id } });
    await tx.funnelSession.update({ where: { id: session.id }, data: { prospectId: prospect.id } });
    // docs/product.md#split-tests: kept with the lead.
    await stampProspectVariants(tx, prospect.id, context.browserId);
    if (created) await emitWebhookEvent(tx, "lead.created", prospect.id, leadData(prospect));
    return { prospect, contact: contactOf(prospect), confirmToken: null };
  });
}

function claimUtm(utm: UtmParams) {
  return {
    utmSource: utm.utm_source,
    utmMedium: utm.utm_medium,
    utmCampaign: utm.utm_campaign,
    utmTerm: utm.utm_term,
    utmContent: utm.utm_content,
  };
}

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

// One prospect per e-mail, bound to the caller's session and browser cookie (docs/product.md#opt-in).

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

export async function registerProspect(
  input: RegisterInput,
  context: { browserId: string; gpcOptOut?: boolean },
): Promise<Prospect> {
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
    // A bare revisit keeps the old last touch.
    const prospect =
      count === 1
        ? await tx.prospect.findUniqueOrThrow({ where: { email } })
        : await tx.prospect.update({
            where: { email },
            data: { ...names, ...(hasUtm(utm) ? touch("last", utm) : {}) },
          });
    await tx.funnelSession.update({ where: { id: session.id }, data: { prospectId: prospect.id } });
    // docs/product.md#split-tests: kept with the lead.
    await stampProspectVariants(tx, prospect.id, context.browserId);
    if (count === 1) await emitWebhookEvent(tx, "lead.created", prospect.id, leadData(prospect));
    return prospect;
  });
}

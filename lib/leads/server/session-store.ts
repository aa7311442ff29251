import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { FunnelSession } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/platform/shared/api-error";

// Bound to one browser by the signed cookie: a leaked contactId cannot read or change another's
// funnel state.

export type Utm = {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
};

export async function bindFunnelSession(input: {
  sessionId: string;
  browserId: string;
  utm?: Utm;
  gpcOptOut?: boolean;
}): Promise<FunnelSession> {
  const db = getDb();
  const utm = input.utm
    ? {
        utmSource: input.utm.utm_source,
        utmMedium: input.utm.utm_medium,
        utmCampaign: input.utm.utm_campaign,
        utmTerm: input.utm.utm_term,
        utmContent: input.utm.utm_content,
      }
    : {};
  // Parallel first calls insert the same id; Prisma's upsert let all but one fail on the primary key.
  await db.funnelSession.createMany({
    data: [{ id: input.sessionId, browserId: input.browserId, gpcOptOut: input.gpcOptOut ?? false, ...utm }],
    skipDuplicates: true,
  });
  const session = await db.funnelSession.findUniqueOrThrow({ where: { id: input.sessionId } });
  if (session.browserId !== input.browserId) throw notFound("Unknown funnel session.");
  const changes = {
    lastSeenAt: new Date(),
    ...(input.gpcOptOut && !session.gpcOptOut ? { gpcOptOut: true } : {}),
  };
  return db.funnelSession.update({ where: { id: session.id }, data: changes });
}

/** null: callers answer 404. */
export async function findOwnSession(sessionId: string, browserId: string): Promise<FunnelSession | null> {
  const session = await getDb().funnelSession.findUnique({ where: { id: sessionId } });
  return session && session.browserId === browserId ? session : null;
}

/** "The visitor's session", whichever tab set it: bound to a lead, or holding an unconfirmed claim. */
export async function findRegisteredSession(browserId: string) {
  return getDb().funnelSession.findFirst({
    where: { browserId, OR: [{ prospectId: { not: null } }, { claim: { isNot: null } }] },
    orderBy: { lastSeenAt: "desc" },
    include: registeredInclude,
  });
}

/** An unconfirmed claim brings only what its browser entered, never the lead's id or details. */
export const registeredInclude = {
  prospect: true,
  claim: { select: { name: true, firstName: true, lastName: true, prospect: { select: { email: true } } } },
} as const;

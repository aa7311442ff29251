import "server-only";
import { addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import { getDb } from "@/lib/platform/server/db";

// Viewing is not audited (exports are). E-mail bodies stay out.

export const TIMELINE_LIMIT = 500;

export async function leadDetail(id: string) {
  const db = getDb();
  const prospect = await db.prospect.findUnique({
    where: { id },
    include: {
      surveyResponses: { orderBy: { createdAt: "desc" } },
      orders: {
        orderBy: { createdAt: "desc" },
        include: { subscription: true, refunds: { orderBy: { createdAt: "asc" } } },
      },
      phoneConsents: { orderBy: { createdAt: "desc" } },
      scheduledCalls: { orderBy: { createdAt: "desc" } },
      bookings: { orderBy: { startsAt: "desc" } },
      emails: {
        orderBy: { createdAt: "desc" },
        select: {
          id: true,
          template: true,
          subject: true,
          status: true,
          attempts: true,
          error: true,
          createdAt: true,
          sentAt: true,
        },
      },
      sessions: {
        orderBy: { startedAt: "asc" },
        select: { id: true, startedAt: true, utmSource: true, utmCampaign: true, offerVariant: true },
      },
    },
  });
  if (!prospect) return null;
  const sessionIds = prospect.sessions.map((s) => s.id);
  const [events, suppression] = await Promise.all([
    sessionIds.length
      ? db.funnelEvent.findMany({
          where: { sessionId: { in: sessionIds } },
          orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
          take: TIMELINE_LIMIT,
        })
      : Promise.resolve([]),
    db.emailSuppression.findFirst({
      where: { addressHash: { in: addressHashes(prospect.email) } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return { prospect, events: events.reverse(), suppression };
}

export type LeadDetail = NonNullable<Awaited<ReturnType<typeof leadDetail>>>;

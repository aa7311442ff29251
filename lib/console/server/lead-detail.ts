import "server-only";
import { addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import { getDb } from "@/lib/platform/server/db";
import { REFUND_ACTION, timelineLines, type TimelineEntry } from "@/lib/console/shared/lead-timeline";

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
      notes: { orderBy: { createdAt: "desc" } },
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
  const authors = await db.operatorUser.findMany({
    where: { id: { in: [...new Set([...prospect.notes.map((note) => note.operatorId), prospect.excludedBy ?? ""])] } },
    select: { id: true, email: true },
  });
  const authorOf = new Map(authors.map((author) => [author.id, author.email]));
  const notes = prospect.notes.map((note) => ({
    id: note.id,
    text: note.text,
    createdAt: note.createdAt,
    author: authorOf.get(note.operatorId) ?? "a removed operator",
  }));
  events.reverse();
  const entries: TimelineEntry[] = [
    ...events.map((e) => ({ at: e.receivedAt, action: e.action, data: e.data })),
    ...prospect.orders.flatMap((o) =>
      o.refunds.map((r) => ({
        at: r.createdAt,
        action: REFUND_ACTION,
        data: { amount: r.amount, currency: r.currency },
      })),
    ),
  ];
  // Who flagged the lead as test or spam.
  const flaggedBy = prospect.excludedBy ? (authorOf.get(prospect.excludedBy) ?? "a removed operator") : null;
  return { prospect, events, timeline: timelineLines(entries), notes, suppression, flaggedBy };
}

export type LeadDetail = NonNullable<Awaited<ReturnType<typeof leadDetail>>>;

import "server-only";
import { getDb } from "@/lib/platform/server/db";

// One upcoming call at a time: a visitor moves a call rather than booking a second.

export async function latestPhoneConsent(browserId: string): Promise<{ id: string } | null> {
  const sessions = await getDb().funnelSession.findMany({ where: { browserId }, select: { id: true } });
  if (!sessions.length) return null;
  return getDb().phoneConsent.findFirst({
    where: { sessionId: { in: sessions.map((s) => s.id) } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
}

export type UpcomingCall = { bookingId: string; start: Date; end: Date; visitorTimezone: string };

export async function upcomingBooking(prospectId: string, now = new Date()): Promise<UpcomingCall | null> {
  const row = await getDb().booking.findFirst({
    where: { prospectId, status: "BOOKED", startsAt: { gt: now } },
    orderBy: { startsAt: "asc" },
  });
  return row ? { bookingId: row.id, start: row.startsAt, end: row.endsAt, visitorTimezone: row.visitorTimezone } : null;
}

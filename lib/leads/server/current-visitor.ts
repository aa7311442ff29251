import "server-only";
import { cookies } from "next/headers";
import { getDb } from "@/lib/platform/server/db";
import { findRegisteredSession } from "@/lib/leads/server/session-store";
import type { FunnelSession } from "@/lib/generated/prisma/client";
import { browserCookieName, browserIdFromCookieValue } from "@/lib/platform/server/security/browser-cookie";

// From the signed cookie and Postgres, so it survives reloads and new tabs and never sits in a URL.

export type Visitor = {
  browserId: string;
  sessionId: string | null;
  session: FunnelSession | null;
  prospect: { id: string; name: string; firstName: string; lastName: string; email: string } | null;
};

export async function getCurrentVisitor(): Promise<Visitor | null> {
  const copies = (await cookies()).getAll(browserCookieName());
  const browserId = copies.length === 1 ? browserIdFromCookieValue(copies[0]?.value) : null;
  if (!browserId) return null;
  const session =
    (await findRegisteredSession(browserId)) ??
    (await getDb().funnelSession.findFirst({
      where: { browserId },
      orderBy: { lastSeenAt: "desc" },
      include: { prospect: true },
    }));
  const p = session?.prospect ?? null;
  return {
    browserId,
    sessionId: session?.id ?? null,
    session,
    prospect: p ? { id: p.id, name: p.name, firstName: p.firstName, lastName: p.lastName, email: p.email } : null,
  };
}

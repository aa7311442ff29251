import "server-only";
import { cookies } from "next/headers";
import { getDb } from "@/lib/platform/server/db";
import { findRegisteredSession, registeredInclude } from "@/lib/leads/server/session-store";
import type { Contact } from "@/lib/leads/server/register-prospect";
import type { FunnelSession } from "@/lib/generated/prisma/client";
import { browserCookieName, browserIdFromCookieValue } from "@/lib/platform/server/security/browser-cookie";

// From the signed cookie and Postgres, so it survives reloads and new tabs and never sits in a URL.

export type Visitor = {
  browserId: string;
  sessionId: string | null;
  session: FunnelSession | null;
  /** The lead this browser is bound to: it created it, or confirmed the address by the e-mailed link. */
  prospect: ({ id: string } & Contact) | null;
  /** What this browser entered at the opt-in; pages show only this, never an unconfirmed lead's details. */
  contact: Contact | null;
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
      include: registeredInclude,
    }));
  const p = session?.prospect ?? null;
  const claim = session?.claim ?? null;
  const prospect = p ? { id: p.id, name: p.name, firstName: p.firstName, lastName: p.lastName, email: p.email } : null;
  const contact = claim
    ? { name: claim.name, firstName: claim.firstName, lastName: claim.lastName, email: claim.prospect.email }
    : prospect && {
        name: prospect.name,
        firstName: prospect.firstName,
        lastName: prospect.lastName,
        email: prospect.email,
      };
  return { browserId, sessionId: session?.id ?? null, session, prospect, contact };
}

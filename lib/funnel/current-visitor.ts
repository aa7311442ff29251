import "server-only";
import { cookies } from "next/headers";
import { getDb } from "@/lib/db";
import { BROWSER_COOKIE, browserIdFromCookieValue } from "@/lib/security/browser-cookie";

// Who is looking at this page, for server components: the spec passed userData in router state;
// here it comes from the signed cookie and Postgres, so it survives reloads and new tabs and
// never sits in a URL.

export type Visitor = {
  browserId: string;
  sessionId: string | null;
  prospect: { id: string; name: string; firstName: string; lastName: string; email: string } | null;
};

export async function getCurrentVisitor(): Promise<Visitor | null> {
  const browserId = browserIdFromCookieValue((await cookies()).get(BROWSER_COOKIE)?.value);
  if (!browserId) return null;
  const db = getDb();
  const withProspect = await db.funnelSession.findFirst({
    where: { browserId, prospectId: { not: null } },
    orderBy: { lastSeenAt: "desc" },
    include: { prospect: true },
  });
  const session =
    withProspect ??
    (await db.funnelSession.findFirst({
      where: { browserId },
      orderBy: { lastSeenAt: "desc" },
      include: { prospect: true },
    }));
  const p = session?.prospect ?? null;
  return {
    browserId,
    sessionId: session?.id ?? null,
    prospect: p ? { id: p.id, name: p.name, firstName: p.firstName, lastName: p.lastName, email: p.email } : null,
  };
}

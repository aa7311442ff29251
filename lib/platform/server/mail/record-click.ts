import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { verifyClickToken } from "@/lib/platform/server/mail/click-token";

// One row per click, except a repeat of the same link from the same e-mail within DEDUPE_SECONDS
// (a double click, a mail client opening the link twice); the lock makes two parallel ones one row.

export const CLICK_DEDUPE_SECONDS = 30;

export type ClickOutcome = { target: string; recorded: boolean } | null;

/** The target to redirect to, or null for a token we did not sign (or for an e-mail since deleted). */
export async function recordClick(token: string, at = new Date()): Promise<ClickOutcome> {
  const claim = verifyClickToken(token);
  if (!claim) return null;
  return getDb().$transaction(async (tx) => {
    const email = await tx.outgoingEmail.findUnique({ where: { id: claim.emailId }, select: { prospectId: true } });
    // A deleted message's links still lead where they said; they just count nowhere.
    if (!email) return { target: claim.url, recorded: false };
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`email-click/${claim.emailId}/${claim.url}`}, 0))`;
    const recent = await tx.emailLinkClick.count({
      where: {
        emailId: claim.emailId,
        url: claim.url,
        clickedAt: { gt: new Date(at.getTime() - CLICK_DEDUPE_SECONDS * 1000) },
      },
    });
    if (recent > 0) return { target: claim.url, recorded: false };
    await tx.emailLinkClick.create({
      data: { emailId: claim.emailId, prospectId: email.prospectId, url: claim.url, clickedAt: at },
    });
    return { target: claim.url, recorded: true };
  });
}

import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { clickUrl } from "@/lib/platform/server/mail/click-token";
import { addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import type { Prisma } from "@/lib/generated/prisma/client";
import { carriesSecretLink, emailKind } from "@/lib/platform/shared/email-kinds";
import { rewriteHtmlLinks, rewriteTextLinks, type LinkTracker } from "@/lib/platform/shared/rewrite-links";

// Only marketing e-mails without a secret link are tracked: a redirect must never carry a
// credential, and receipts or sign-in links are nobody's campaign. A person who asked not to be
// tracked (a GPC signal from any of their visits, or an opt-out of sharing) gets links as written
// (docs/decisions/0048-click-tracking-and-email-report.md).

type Reader = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

export type TrackableMessage = { template: string; to: string; html: string; text: string; prospectId?: string };

export function tracksTemplate(template: string): boolean {
  return emailKind(template) === "marketing" && !carriesSecretLink(template);
}

// Read in the caller's transaction: a second connection while it holds one can wait forever on a small pool.
async function refusesTracking(tx: Reader, to: string, prospectId: string | undefined): Promise<boolean> {
  const [row] = await tx.$queryRawUnsafe<{ refused: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM funnel_sessions WHERE prospect_id = $1::uuid AND gpc_opt_out)
         OR EXISTS (SELECT 1 FROM privacy_preferences WHERE address_hash = ANY($2::text[]) AND opt_out_sharing) AS refused`,
    prospectId ?? null,
    addressHashes(to),
  );
  return row?.refused ?? false;
}

/** The body a marketing e-mail is sent with: its links through /r/ when tracking applies. */
export async function withTrackedLinks(
  message: TrackableMessage,
  emailId: string,
  tx: Reader,
): Promise<{ html: string; text: string }> {
  const config = getConfig();
  const asWritten = { html: message.html, text: message.text };
  if (!config.EMAIL_CLICK_TRACKING || !tracksTemplate(message.template)) return asWritten;
  if (await refusesTracking(tx, message.to, message.prospectId)) return asWritten;
  const untracked = [`${config.SITE_URL}/unsubscribe`, `${config.SITE_URL}/api/unsubscribe`, `${config.SITE_URL}/r/`];
  const track: LinkTracker = (url) =>
    untracked.some((prefix) => url.startsWith(prefix)) ? null : clickUrl({ emailId, url });
  return { html: rewriteHtmlLinks(message.html, track), text: rewriteTextLinks(message.text, track) };
}

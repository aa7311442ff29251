import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { clickUrl } from "@/lib/platform/server/mail/click-token";
import { privacyFlags } from "@/lib/platform/server/privacy-flags";
import { carriesSecretLink, emailKind } from "@/lib/platform/shared/email-kinds";
import { rewriteHtmlLinks, rewriteTextLinks, type LinkTracker } from "@/lib/platform/shared/rewrite-links";

// Only marketing e-mails without a secret link are tracked: a redirect must never carry a
// credential, and receipts or sign-in links are nobody's campaign. A person who asked not to be
// tracked (a GPC signal from any of their visits, or an opt-out of sharing) gets links as written
// (docs/decisions/0048-click-tracking-and-email-report.md).

export type TrackableMessage = { template: string; to: string; html: string; text: string; prospectId?: string };

export function tracksTemplate(template: string): boolean {
  return emailKind(template) === "marketing" && !carriesSecretLink(template);
}

async function refusesTracking(to: string, prospectId: string | undefined): Promise<boolean> {
  const db = getDb();
  if (prospectId && (await db.funnelSession.count({ where: { prospectId, gpcOptOut: true } })) > 0) return true;
  return (await privacyFlags(db, to)).optOutSharing;
}

/** The body a marketing e-mail is sent with: its links through /r/ when tracking applies. */
export async function withTrackedLinks(
  message: TrackableMessage,
  emailId: string,
): Promise<{ html: string; text: string }> {
  const config = getConfig();
  const asWritten = { html: message.html, text: message.text };
  if (!config.EMAIL_CLICK_TRACKING || !tracksTemplate(message.template)) return asWritten;
  if (await refusesTracking(message.to, message.prospectId)) return asWritten;
  const untracked = [`${config.SITE_URL}/unsubscribe`, `${config.SITE_URL}/api/unsubscribe`, `${config.SITE_URL}/r/`];
  const track: LinkTracker = (url) =>
    untracked.some((prefix) => url.startsWith(prefix)) ? null : clickUrl({ emailId, url });
  return { html: rewriteHtmlLinks(message.html, track), text: rewriteTextLinks(message.text, track) };
}

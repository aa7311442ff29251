import "server-only";
import { createElement } from "react";
import { render } from "@react-email/render";
import { MarketingEmail } from "@/lib/emails/marketing-email";
import { withUnsubscribe } from "@/lib/platform/server/mail/unsubscribe-footer";
import { getConfig } from "@/lib/platform/server/config";
import { applyMergeFields, escapeMarkdownText, type MergeValues } from "@/lib/lifecycle/shared/merge-fields";

// One render for every operator-written marketing e-mail (sequence steps, an editor's preview,
// broadcasts): merge fields, Markdown through React Email inside the site's layout. Raw HTML in the
// Markdown is escaped, and a link may only go to http(s), mailto or a path of the site.

export type MarketingDraft = { subject: string; preheader: string; markdown: string };
export type RenderedMarketingEmail = { subject: string; html: string; text: string };

const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;
const INLINE_LINK = /\]\(\s*<?([^)\s>]*)/g;
const REFERENCE_LINK = /^( {0,3}\[[^\]]+\]:\s*)<?(\S*?)>?(?=\s|$)/gm;

const safeLink = (url: string) => (SAFE_LINK.test(url) ? url : "#");

/** Raw HTML in the operator's Markdown is shown as text: no tag can open without a "<". */
const escapeHtmlTags = (markdown: string) => markdown.replace(/</g, "&lt;");

/** Link targets other than http(s), mailto and the site's paths become "#". */
function safeLinks(markdown: string): string {
  return markdown
    .replace(INLINE_LINK, (_m, url: string) => `](${safeLink(url)}`)
    .replace(REFERENCE_LINK, (_m, head: string, url: string) => `${head}${safeLink(url)}`);
}

/** The Markdown the reader gets: merged, raw HTML escaped, links checked. */
export function mergeMarkdown(markdown: string, values: MergeValues): string {
  return safeLinks(applyMergeFields(markdown, values, escapeMarkdownText, escapeHtmlTags));
}

/** The merge values every marketing e-mail's links come from; the lead's names are the caller's. */
export function siteLinks(): Pick<MergeValues, "book_url" | "offer_url" | "booking_url"> {
  const { SITE_URL } = getConfig();
  return {
    book_url: `${SITE_URL}/free-download`,
    offer_url: `${SITE_URL}/oto-realtime-ai-academy`,
    booking_url: `${SITE_URL}/schedule-call`,
  };
}

export async function renderMarketingEmail(
  draft: MarketingDraft,
  values: MergeValues,
): Promise<RenderedMarketingEmail> {
  const subject = applyMergeFields(draft.subject, values).replace(/\s+/g, " ").trim();
  const preheader = applyMergeFields(draft.preheader, values).replace(/\s+/g, " ").trim();
  const markdown = mergeMarkdown(draft.markdown, values);
  const element = createElement(MarketingEmail, { heading: subject, preheader, markdown });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

/** What the reader gets, legal footer included, as a preview shows it to an operator. */
export async function previewMarketingEmail(
  draft: MarketingDraft,
  values: MergeValues,
  to: string,
): Promise<RenderedMarketingEmail> {
  const rendered = await renderMarketingEmail(draft, values);
  const { html, text } = await withUnsubscribe({ to, html: rendered.html, text: rendered.text });
  return { subject: rendered.subject, html, text };
}

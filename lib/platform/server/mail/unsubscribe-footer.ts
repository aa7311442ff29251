import "server-only";
import { signUnsubscribeToken } from "@/lib/platform/server/mail/unsubscribe-token";
import { getConfig } from "@/lib/platform/server/config";
import { escapeHtml } from "@/lib/shared/escape-html";

// CAN-SPAM, Gmail's and Yahoo's bulk sender rules and RFC 8058 (docs/product.md#e-mail-law).

export type MarketingParts = { html: string; text: string; headers: Record<string, string> };

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** `emailId` names the message in its link, so the e-mail report can count who unsubscribed from which. */
export async function withUnsubscribe(
  message: { to: string; html: string; text: string },
  emailId?: string,
): Promise<MarketingParts> {
  const config = getConfig();
  const url = unsubscribeUrl(config.SITE_URL, await signUnsubscribeToken(message.to, new Date(), emailId));
  const sender = `${config.PROVIDER_NAME}, ${config.PROVIDER_ADDRESS}`;
  const footer =
    `<div style="margin:32px auto 0;max-width:560px;padding:16px 24px;border-top:1px solid #e2e8f0;` +
    `font-family:Helvetica,Arial,sans-serif;font-size:13px;line-height:1.5;color:#475569">` +
    `<p style="margin:0 0 8px">${escapeHtml(sender)}</p>` +
    `<p style="margin:0">Don't want these e-mails? <a href="${escapeHtml(url)}" style="color:#475569">Unsubscribe</a>.</p>` +
    `</div>`;
  return {
    html: insertBeforeBodyEnd(message.html, footer),
    text: `${message.text.trimEnd()}\n\n--\n${sender}\nUnsubscribe: ${url}\n`,
    headers: {
      // Gmail and Yahoo use the https one for their one-click button.
      "List-Unsubscribe": `<${url}>, <mailto:${config.PROVIDER_EMAIL}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

function insertBeforeBodyEnd(html: string, footer: string): string {
  const end = html.toLowerCase().lastIndexOf("</body>");
  return end === -1 ? `${html}${footer}` : `${html.slice(0, end)}${footer}${html.slice(end)}`;
}

// Rewrites an e-mail's http(s) links: each href in the HTML and each bare URL in the text. `track`
// answers the replacement, or null to leave that link as written (the unsubscribe link, a secret
// link); mailto:, tel: and relative links never reach it.

export type LinkTracker = (url: string) => string | null;

const HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])(.*?)\2/gi;
const BARE_URL = /https?:\/\/[^\s<>"'()[\]]+[^\s<>"'()[\].,;:!?]/gi;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };
const decodeAttribute = (value: string) => value.replace(/&(amp|quot|#39|lt|gt);/g, (m) => ENTITIES[m] ?? m);
const encodeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export function rewriteHtmlLinks(html: string, track: LinkTracker): string {
  return html.replace(HREF, (whole, start: string, _quote: string, raw: string) => {
    const url = decodeAttribute(raw.trim());
    if (!/^https?:\/\//i.test(url)) return whole;
    const tracked = track(url);
    return tracked === null ? whole : `${start}"${encodeAttribute(tracked)}"`;
  });
}

export function rewriteTextLinks(text: string, track: LinkTracker): string {
  return text.replace(BARE_URL, (url) => track(url) ?? url);
}

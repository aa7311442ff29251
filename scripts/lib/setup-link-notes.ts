// What operator:create says under the setup link: the console signs in only at SITE_URL's origin,
// so a link built from an unset or placeholder SITE_URL may lead the operator to a dead end.

/** Placeholder names (RFC 2606, RFC 6761) that no operator really uses. */
const PLACEHOLDER_HOST = /(^|\.)(example(\.com|\.net|\.org)?|test|invalid)$/i;

/** `isDefault`: SITE_URL was not set, so it is the local server's own address. */
export function setupLinkNotes(siteUrl: string, isDefault: boolean): string[] {
  const url = new URL(siteUrl);
  const notes = [`Open it at ${url.origin} (SITE_URL): the console accepts sign-ins only at that address.`];
  const setIt = "set SITE_URL to the address operators use, for the server and for this command, then run this again";
  if (isDefault) {
    notes.push(
      `SITE_URL is not set, so this is the local server's own address. If the console is opened elsewhere (a domain, another machine), ${setIt}.`,
    );
  } else if (PLACEHOLDER_HOST.test(url.hostname)) {
    notes.push(`SITE_URL's host ${url.hostname} is a placeholder name: ${setIt}.`);
  }
  return notes;
}

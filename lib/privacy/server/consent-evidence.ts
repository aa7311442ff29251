import "server-only";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { HASHED_PREFIX, type PersonDb } from "@/lib/privacy/server/person-scope";

// Phone consent is kept after an erasure as proof of consent (/sms-phone-terms: consent records at
// least 5 years): the consent text, its version, the page and the time stay; the phone number, IP
// address and user agent become keyed hashes (the suppression list's key, labelled per field). A
// number someone presents can still be checked against the evidence, but the row names nobody.

export const evidenceHash = (label: string, value: string) => `${HASHED_PREFIX}${addressHash(`${label}:${value}`)}`;

/** Origin and path only: a query string may carry anything. Not a URL: the recorded "unknown". */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "unknown";
  }
}

/** Hashes the identifiers of these consent rows; rows hashed before are left alone. */
export async function hashConsentEvidence(tx: PersonDb, consentIds: string[]): Promise<number> {
  const consents = await tx.phoneConsent.findMany({ where: { id: { in: consentIds } } });
  let changed = 0;
  for (const consent of consents) {
    if (consent.phoneE164.startsWith(HASHED_PREFIX)) continue;
    await tx.phoneConsent.update({
      where: { id: consent.id },
      data: {
        phoneE164: evidenceHash("consent-phone", consent.phoneE164),
        ip: evidenceHash("consent-ip", consent.ip),
        userAgent: evidenceHash("consent-user-agent", consent.userAgent),
        pageUrl: withoutQuery(consent.pageUrl),
        prospectId: null,
      },
    });
    changed += 1;
  }
  return changed;
}

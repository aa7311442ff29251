import "server-only";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { HASHED_PREFIX, type PersonDb } from "@/lib/privacy/server/person-scope";

// Kept after erasure as proof of consent, with number, IP and user agent hashed: a presented
// number can still be checked, but the row names nobody (docs/product.md#phone-consent).

export const evidenceHash = (label: string, value: string) => `${HASHED_PREFIX}${addressHash(`${label}:${value}`)}`;

/** A query string may carry anything. */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "unknown";
  }
}

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

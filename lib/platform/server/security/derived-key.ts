import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { getSessionSecret } from "@/lib/platform/server/config";

// The one way the app derives a secret from SESSION_SECRET: HKDF-SHA256 with a distinct info per
// purpose, so no key is another's HMAC output or the cookie key (docs/decisions/0019).

export type KeyPurpose =
  | "visitor-cookie"
  | "operator-auth"
  | "handoff-token"
  | "checkout-recovery-link"
  | "unsubscribe-token"
  | "suppression-hash"
  | "outgoing-email-seal"
  | "billing-session"
  | "experiment-preview"
  | "card-update-link"
  | "seat-quote"
  | "email-click-link";

const SALT = "fast-forward-funnel";
const KEY_BYTES = 32;
const derived = new Map<string, string>();

export function derivedKey(purpose: KeyPurpose): string {
  const secret = getSessionSecret();
  const id = `${purpose}\n${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, `fast-forward/v1/${purpose}`, KEY_BYTES)).toString("base64url");
    derived.set(id, key);
  }
  return key;
}

// Before HKDF: the cookie was signed with SESSION_SECRET itself, the rest with HMAC(SESSION_SECRET, label).
const LEGACY_LABELS: Record<KeyPurpose, string | null> = {
  "visitor-cookie": null,
  "operator-auth": "admin-auth",
  "handoff-token": "handoff-token",
  "checkout-recovery-link": "checkout-recovery-link",
  "unsubscribe-token": "unsubscribe-token",
  "suppression-hash": "suppression-hash",
  // Sealing came with HKDF: nothing was ever sealed under this label.
  "outgoing-email-seal": "outgoing-email-seal",
  // Buyer sessions, previews, card-update and click-tracking links came with HKDF too.
  "billing-session": "billing-session",
  "experiment-preview": "experiment-preview",
  "card-update-link": "card-update-link",
  "seat-quote": "seat-quote",
  "email-click-link": "email-click-link",
};

/** Only to verify what was signed, or find what was hashed, before HKDF. */
export function legacyDerivedKey(purpose: KeyPurpose): string {
  const label = LEGACY_LABELS[purpose];
  const secret = getSessionSecret();
  return label === null ? secret : createHmac("sha256", secret).update(label).digest("base64url");
}

/** Newest first: sign with the first, accept any. */
export function keyVersions(purpose: KeyPurpose): [current: string, legacy: string] {
  return [derivedKey(purpose), legacyDerivedKey(purpose)];
}

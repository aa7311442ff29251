import "server-only";
import { createHmac } from "node:crypto";
import { getConfig, getSessionSecret } from "@/lib/platform/server/config";
import { normalizeAddress } from "@/lib/platform/shared/email-address";

// Two keys with two lifetimes. The token key signs unsubscribe links: changing it only breaks
// links in mail already sent. The hash key names every entry on the suppression list: changing it
// makes the whole list match nobody, so it is separate from the token key (and, when configured,
// from SESSION_SECRET too) and must never rotate. Both default to labelled derivations of
// SESSION_SECRET, distinct from it and from each other.

function derived(label: string): string {
  return createHmac("sha256", getSessionSecret()).update(label).digest("base64url");
}

export function unsubscribeTokenKey(): Uint8Array {
  return new TextEncoder().encode(getConfig().UNSUBSCRIBE_SECRET ?? derived("unsubscribe-token"));
}

function suppressionHashKey(): string {
  return getConfig().SUPPRESSION_HASH_KEY ?? derived("suppression-hash");
}

/** The suppression list's key for an address: HMAC-SHA256 of its normalized form, base64url. */
export function addressHash(address: string, key = suppressionHashKey()): string {
  return createHmac("sha256", key).update(normalizeAddress(address)).digest("base64url");
}

import "server-only";
import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/platform/server/config";
import { keyVersions } from "@/lib/platform/server/security/derived-key";
import { normalizeAddress } from "@/lib/platform/shared/email-address";

// The hash key is kept apart from the token key, which may rotate. Both default to derivations of
// SESSION_SECRET; what was hashed or signed under the pre-HKDF keys still counts (docs/decisions/0019).

/** Newest first: sign with the first; links sent before still verify. */
export function unsubscribeTokenKeys(): Uint8Array[] {
  const configured = getConfig().UNSUBSCRIBE_SECRET;
  return (configured ? [configured] : keyVersions("unsubscribe-token")).map((key) => new TextEncoder().encode(key));
}

/** Every key a stored hash may be under, the current one first. */
export function suppressionHashKeys(): string[] {
  const configured = getConfig().SUPPRESSION_HASH_KEY;
  return configured ? [configured] : keyVersions("suppression-hash");
}

/** The hash new rows are stored under. */
export function addressHash(address: string, key = suppressionHashKeys()[0]!): string {
  return createHmac("sha256", key).update(normalizeAddress(address)).digest("base64url");
}

/** Every hash a stored row for this address may carry, the current one first: look up by all. */
export function addressHashes(address: string): string[] {
  return suppressionHashKeys().map((key) => addressHash(address, key));
}

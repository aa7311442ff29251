import "server-only";
import { createHmac } from "node:crypto";
import { getConfig, getSessionSecret } from "@/lib/platform/server/config";
import { normalizeAddress } from "@/lib/platform/shared/email-address";

// The hash key must never rotate (the suppression list would match nobody), so it is kept apart
// from the token key, which may. Both default to labelled derivations of SESSION_SECRET.

function derived(label: string): string {
  return createHmac("sha256", getSessionSecret()).update(label).digest("base64url");
}

export function unsubscribeTokenKey(): Uint8Array {
  return new TextEncoder().encode(getConfig().UNSUBSCRIBE_SECRET ?? derived("unsubscribe-token"));
}

function suppressionHashKey(): string {
  return getConfig().SUPPRESSION_HASH_KEY ?? derived("suppression-hash");
}

export function addressHash(address: string, key = suppressionHashKey()): string {
  return createHmac("sha256", key).update(normalizeAddress(address)).digest("base64url");
}

import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

// HMAC-SHA256 signing for cookie values: `value.signature`, both base64url.

// Every API request checks (or mints) a signed cookie; a key object made once per secret saves
// re-importing the secret each time.
let cachedKey: { secret: string; key: KeyObject } | null = null;

function keyFor(secret: string): KeyObject {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return cachedKey.key;
}

function signature(value: string, secret: string): string {
  return createHmac("sha256", keyFor(secret)).update(value).digest("base64url");
}

export function signValue(value: string, secret: string): string {
  return `${value}.${signature(value, secret)}`;
}

/** The original value when the signature matches, otherwise null. */
export function verifySignedValue(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signature(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

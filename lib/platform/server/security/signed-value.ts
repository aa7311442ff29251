import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

// Import each key once: every API request checks a signed cookie and a peer stamp. The secrets are
// the site's few configured ones, so the map stays small.
const keys = new Map<string, KeyObject>();

function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, "utf8"))));
  return key;
}

/** HMAC-SHA256 of `message` under `secret`, base64url. */
export function hmacSignature(message: string, secret: string): string {
  return createHmac("sha256", keyFor(secret)).update(message).digest("base64url");
}

/** The value before the last `separator` when what follows it is `sign(value)`, compared in constant time. */
export function verifiedPart(signed: string, separator: string, sign: (value: string) => string): string | null {
  const at = signed.lastIndexOf(separator);
  if (at <= 0) return null;
  const value = signed.slice(0, at);
  const given = Buffer.from(signed.slice(at + separator.length));
  const expected = Buffer.from(sign(value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export function signValue(value: string, secret: string): string {
  return `${value}.${hmacSignature(value, secret)}`;
}

export function verifySignedValue(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  return verifiedPart(signed, ".", (value) => hmacSignature(value, secret));
}

import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

// Import the key once per secret: every API request checks a signed cookie.
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

export function verifySignedValue(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signature(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { normalizeAddress } from "@/lib/platform/shared/email-address";

// The unsubscribe link's token and the suppression list's key: a token names the
// recipient only by keyed hash, works for 60 days (the e-mail terms promise at least 30), and
// anything else — tampered, foreign, expired, garbage — is refused without throwing.

const DAY = 24 * 60 * 60 * 1000;
const SENT = new Date("2026-03-01T12:00:00Z");

async function load(env: Record<string, string> = {}) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", "unit-test-session-secret-0123456789abcdef");
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return {
    ...(await import("@/lib/platform/server/mail/unsubscribe-token")),
    ...(await import("@/lib/platform/server/mail/unsubscribe-keys")),
  };
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

describe("address normalization and hash", () => {
  it("treats case and surrounding space as the same mailbox", () => {
    expect(normalizeAddress("  Ada.Lovelace@Example.COM \n")).toBe("ada.lovelace@example.com");
    // Composed and decomposed forms of the same letter are one address.
    expect(normalizeAddress("zoe\u0301@example.com")).toBe(normalizeAddress("zo\u00e9@example.com"));
  });

  it("hashes with a key: same address alike, other addresses and other keys differ, no address inside", async () => {
    const { addressHash } = await load();
    const hash = addressHash("Ada@Example.com ");
    expect(hash).toMatch(/^[\w-]{43}$/);
    expect(addressHash("ada@example.com")).toBe(hash);
    expect(addressHash("ada2@example.com")).not.toBe(hash);
    expect(addressHash("ada@example.com", "another-key-another-key-another-key")).not.toBe(hash);
    expect(hash).not.toContain("ada");
  });

  it("keys the list separately from the tokens: a new token secret keeps the same hashes", async () => {
    const before = (await load()).addressHash("ada@example.com");
    const rotated = await load({ UNSUBSCRIBE_SECRET: "a-brand-new-unsubscribe-secret-0123456789" });
    expect(rotated.addressHash("ada@example.com")).toBe(before);
    // A configured hash key wins over the derived one.
    const keyed = await load({ SUPPRESSION_HASH_KEY: "configured-suppression-hash-key-0123456789" });
    expect(keyed.addressHash("ada@example.com")).not.toBe(before);
  });
});

describe("keys before and after the move to HKDF", () => {
  const secret = "unit-test-session-secret-0123456789abcdef";
  const legacyKey = (label: string) => createHmac("sha256", secret).update(label).digest("base64url");

  it("hashes new rows under the HKDF key and looks rows up under the old key too", async () => {
    const { addressHash, addressHashes } = await load();
    const legacy = createHmac("sha256", legacyKey("suppression-hash")).update("ada@example.com").digest("base64url");
    expect(addressHash("Ada@Example.com")).not.toBe(legacy);
    expect(addressHashes("Ada@Example.com")).toEqual([addressHash("ada@example.com"), legacy]);
    // A configured key is the only one.
    const keyed = await load({ SUPPRESSION_HASH_KEY: "configured-suppression-hash-key-0123456789" });
    expect(keyed.addressHashes("ada@example.com")).toEqual([keyed.addressHash("ada@example.com")]);
  });

  it("signs links with the HKDF key, and a link signed the old way still works", async () => {
    const { signUnsubscribeToken, verifyUnsubscribeToken, UNSUBSCRIBE_AUDIENCE } = await load();
    const token = await signUnsubscribeToken("ada@example.com", SENT);
    const oldKey = new TextEncoder().encode(legacyKey("unsubscribe-token"));
    await expect(jwtVerify(token, oldKey, { currentDate: SENT })).rejects.toThrow();
    const issuedAt = Math.floor(SENT.getTime() / 1000);
    const sentBefore = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setSubject("A".repeat(43))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60 * 24 * 60 * 60)
      .sign(oldKey);
    expect(await verifyUnsubscribeToken(sentBefore, SENT)).toEqual({
      valid: true,
      addressHash: "A".repeat(43),
      emailId: null,
    });
  });
});

describe("unsubscribe token", () => {
  it("names the e-mail it came in when signed with one, and nothing else about it", async () => {
    const { signUnsubscribeToken, verifyUnsubscribeToken, addressHash } = await load();
    const emailId = "0b7e4a52-3c1d-4f7e-9a8b-2d6c5e4f3a21";
    const token = await signUnsubscribeToken("ada@example.com", SENT, emailId);
    expect(await verifyUnsubscribeToken(token, SENT)).toEqual({
      valid: true,
      addressHash: addressHash("ada@example.com"),
      emailId,
    });
  });

  it("verifies for 60 days and names the recipient by hash", async () => {
    const { signUnsubscribeToken, verifyUnsubscribeToken, addressHash, UNSUBSCRIBE_LIFETIME_DAYS } = await load();
    expect(UNSUBSCRIBE_LIFETIME_DAYS).toBeGreaterThanOrEqual(30);
    const token = await signUnsubscribeToken("Ada@Example.com", SENT);
    expect(token).not.toMatch(/ada|example/i);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as object;
    expect(JSON.stringify(payload)).not.toMatch(/ada|example/i);
    const expected = { valid: true, addressHash: addressHash("ada@example.com"), emailId: null };
    expect(await verifyUnsubscribeToken(token, SENT)).toEqual(expected);
    expect(await verifyUnsubscribeToken(token, new Date(SENT.getTime() + 30 * DAY))).toEqual(expected);
    expect(await verifyUnsubscribeToken(token, new Date(SENT.getTime() + 60 * DAY - 1000))).toEqual(expected);
    expect(await verifyUnsubscribeToken(token, new Date(SENT.getTime() + 60 * DAY + 1000))).toEqual({
      valid: false,
      reason: "expired",
    });
  });

  it("refuses tampered, foreign and malformed tokens without throwing", async () => {
    const { signUnsubscribeToken, verifyUnsubscribeToken } = await load();
    const token = await signUnsubscribeToken("ada@example.com", SENT);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString("utf8")), sub: "A".repeat(43) }),
    ).toString("base64url");
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    const invalid = { valid: false, reason: "invalid" };
    for (const bad of [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.`,
      "",
      "not-a-token",
      "a.b.c",
      "x".repeat(5000),
      "\u0000",
      undefined,
      ["a"],
      42,
    ]) {
      expect(await verifyUnsubscribeToken(bad, SENT)).toEqual(invalid);
    }
    // Signed with another secret (another deployment, a rotated key): not ours.
    const other = await load({ UNSUBSCRIBE_SECRET: "some-other-unsubscribe-secret-0123456789" });
    expect(await other.verifyUnsubscribeToken(token, SENT)).toEqual(invalid);
    // An expired token signed by someone else is "invalid", not "expired": we only date our own.
    const foreignExpired = await other.signUnsubscribeToken("ada@example.com", new Date(SENT.getTime() - 90 * DAY));
    expect(await verifyUnsubscribeToken(foreignExpired, SENT)).toEqual(invalid);
  });
});

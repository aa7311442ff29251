import { createHmac, hkdfSync } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KeyPurpose } from "@/lib/platform/server/security/derived-key";
import { signValue } from "@/lib/platform/server/security/signed-value";

// One key derivation: HKDF-SHA256 of SESSION_SECRET with an info per purpose, none of them the
// HMAC-of-a-label keys used before nor the secret itself; what those signed still verifies and is
// re-signed with the new key.

const SECRET = "unit-test-session-secret-0123456789abcdef";
const PURPOSES: KeyPurpose[] = [
  "visitor-cookie",
  "operator-auth",
  "handoff-token",
  "checkout-recovery-link",
  "unsubscribe-token",
  "suppression-hash",
  "outgoing-email-seal",
  "billing-session",
  "experiment-preview",
];
const hmacOf = (label: string) => createHmac("sha256", SECRET).update(label).digest("base64url");

async function load() {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", SECRET);
  vi.stubEnv("SITE_URL", "https://fastforward.example");
  return {
    ...(await import("@/lib/platform/server/security/derived-key")),
    ...(await import("@/lib/platform/server/security/browser-cookie")),
    ...(await import("@/lib/payments/server/recovery-token")),
    ...(await import("@/lib/payments/server/handoff-token")),
  };
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

describe("derived keys", () => {
  it("are HKDF-SHA256 of SESSION_SECRET, one per purpose, unlike the HMAC-derived keys and the secret", async () => {
    const { derivedKey, legacyDerivedKey } = await load();
    const keys = PURPOSES.map(derivedKey);
    expect(new Set(keys).size).toBe(PURPOSES.length);
    expect(derivedKey("handoff-token")).toBe(
      Buffer.from(hkdfSync("sha256", SECRET, "fast-forward-funnel", "fast-forward/v1/handoff-token", 32)).toString(
        "base64url",
      ),
    );
    for (const key of keys) {
      expect(key).not.toBe(SECRET);
      expect(
        ["admin-auth", "handoff-token", "checkout-recovery-link", "unsubscribe-token", "suppression-hash"].map(hmacOf),
      ).not.toContain(key);
    }
    expect(legacyDerivedKey("operator-auth")).toBe(hmacOf("admin-auth"));
    expect(legacyDerivedKey("visitor-cookie")).toBe(SECRET);
  });

  it("re-issues a visitor cookie signed the old way under the new key, keeping the browser id", async () => {
    const { resolveBrowser, browserCookieName, derivedKey } = await load();
    const browserId = "5f0c6d1e-0d3b-4c61-9a1b-2f7a8c9d0e1f";
    const request = (value: string) =>
      new Request("https://fastforward.example/api/x", {
        headers: { cookie: `${browserCookieName()}=${encodeURIComponent(value)}` },
      });
    const legacy = resolveBrowser(request(signValue(browserId, SECRET)));
    expect(legacy.browserId).toBe(browserId);
    expect(legacy.setCookie).toContain(encodeURIComponent(signValue(browserId, derivedKey("visitor-cookie"))));
    expect(resolveBrowser(request(signValue(browserId, derivedKey("visitor-cookie"))))).toEqual({
      browserId,
      setCookie: null,
    });
    expect(resolveBrowser(request(signValue(browserId, "some-other-secret-0123456789abcdef"))).browserId).not.toBe(
      browserId,
    );
  });

  it("signs checkout recovery links with the new key and still takes the old ones", async () => {
    const { signRecoveryToken, verifyRecoveryToken, derivedKey } = await load();
    const orderId = "0b6c6f8e-5d0a-4a53-9a57-5a2b6f0f3c11";
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const token = signRecoveryToken(orderId);
    expect(token.split(".").slice(0, 2).join(".")).toMatch(new RegExp(`^${orderId}\\.\\d+$`));
    const [id, at] = token.split(".") as [string, string];
    expect(token).toBe(signValue(`${id}.${at}`, derivedKey("checkout-recovery-link")));
    expect(verifyRecoveryToken(signValue(`${orderId}.${expires}`, hmacOf("checkout-recovery-link")))).toBe(orderId);
    expect(verifyRecoveryToken(signValue(`${orderId}.${expires}`, SECRET))).toBeNull();
  });

  it("signs hand-off tokens with the new key and still takes the old ones", async () => {
    const { signHandoffToken, verifyHandoffToken, derivedKey, handoffIssuer, HANDOFF_AUDIENCE } = await load();
    const { SignJWT, jwtVerify } = await import("jose");
    const claims = { transactionId: "tx-1", email: "ada@example.com", product: "seats", seats: 3 };
    const { token } = await signHandoffToken(claims);
    await expect(jwtVerify(token, new TextEncoder().encode(derivedKey("handoff-token")))).resolves.toBeTruthy();
    const legacy = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(handoffIssuer())
      .setAudience(HANDOFF_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(hmacOf("handoff-token")));
    await expect(verifyHandoffToken(legacy)).resolves.toMatchObject(claims);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(handoffIssuer())
      .setAudience(HANDOFF_AUDIENCE)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyHandoffToken(forged)).rejects.toThrow();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A dunning e-mail's card-update link: one subscription, 21 days, its own key.

const NOW = new Date("2030-05-01T12:00:00Z");
const SUBSCRIPTION = "0b7e4a52-3c1d-4f7e-9a8b-2d6c5e4f3a21";

async function load() {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", "unit-test-session-secret-0123456789abcdef");
  vi.stubEnv("SITE_URL", "https://shop.example");
  return {
    ...(await import("@/lib/billing/server/card-update-link")),
    ...(await import("@/lib/platform/server/security/derived-key")),
    ...(await import("@/lib/platform/server/security/signed-value")),
  };
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

describe("card-update link", () => {
  it("names one subscription and lasts 21 days", async () => {
    const { cardUpdateUrl, verifyCardUpdate } = await load();
    const url = new URL(cardUpdateUrl(SUBSCRIPTION, NOW));
    expect(url.origin + url.pathname).toBe("https://shop.example/billing/card");
    const token = url.searchParams.get("token");
    expect(verifyCardUpdate(token, NOW)).toEqual({
      subscriptionId: SUBSCRIPTION,
      expiresAt: new Date("2030-05-22T12:00:00Z"),
    });
    expect(verifyCardUpdate(token, new Date("2030-05-22T12:00:01Z"))).toBeNull();
  });

  it("refuses a token signed with another purpose's key, or altered", async () => {
    const { signCardUpdate, verifyCardUpdate, derivedKey, signValue } = await load();
    const seconds = Math.floor(NOW.getTime() / 1000) + 3600;
    expect(verifyCardUpdate(signValue(`${SUBSCRIPTION}.${seconds}`, derivedKey("billing-session")), NOW)).toBeNull();
    const token = signCardUpdate({ subscriptionId: SUBSCRIPTION, expiresAt: new Date(NOW.getTime() + 3600_000) });
    expect(verifyCardUpdate(token, NOW)?.subscriptionId).toBe(SUBSCRIPTION);
    expect(verifyCardUpdate(token.replace(SUBSCRIPTION.slice(0, 8), "1b7e4a52"), NOW)).toBeNull();
    expect(verifyCardUpdate("", NOW)).toBeNull();
    expect(verifyCardUpdate("x".repeat(400), NOW)).toBeNull();
  });
});

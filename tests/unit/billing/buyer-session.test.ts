import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { billingLinkExpiry, billingSessionExpiry, subscriptionWords } from "@/lib/billing/shared/billing-rules";

// The billing sign-in's rules: a 30-minute link, a 24-hour session whose cookie names the
// lower-cased address and its expiry under a signature of its own key (decision 0038).

const NOW = new Date("2030-05-01T12:00:00Z");

async function load(siteUrl = "https://shop.example") {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", "unit-test-session-secret-0123456789abcdef");
  vi.stubEnv("SITE_URL", siteUrl);
  return {
    ...(await import("@/lib/billing/server/buyer-session")),
    ...(await import("@/lib/platform/server/security/derived-key")),
    ...(await import("@/lib/platform/server/security/signed-value")),
  };
}

const request = (cookie: string) => new Request("https://shop.example/billing", { headers: { cookie } });
const pairOf = (setCookie: string) => setCookie.split(";")[0]!;

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

describe("billing link and session lifetimes", () => {
  it("a link lasts 30 minutes, a session 24 hours", () => {
    expect(billingLinkExpiry(NOW).toISOString()).toBe("2030-05-01T12:30:00.000Z");
    expect(billingSessionExpiry(NOW).toISOString()).toBe("2030-05-02T12:00:00.000Z");
  });
});

describe("buyer session cookie", () => {
  it("is __Host-, httpOnly, Secure and SameSite=Lax on https, and names the lower-cased address", async () => {
    const { buyerSessionCookie, readBuyerSession } = await load();
    const cookie = buyerSessionCookie("Ada.Buyer@Example.COM", NOW);
    expect(cookie).toMatch(/^__Host-ff_billing=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=86400; Secure$/);
    expect(readBuyerSession(request(pairOf(cookie)), NOW)).toEqual({
      email: "ada.buyer@example.com",
      expiresAt: billingSessionExpiry(NOW),
    });
  });

  it("has no Secure flag or __Host- prefix on plain http (local development)", async () => {
    const { buyerSessionCookie } = await load("http://localhost:3000");
    expect(buyerSessionCookie("a@example.com", NOW)).toMatch(/^ff_billing=.*SameSite=Lax; Max-Age=86400$/);
  });

  it("ends at its expiry even when the browser keeps sending it", async () => {
    const { buyerSessionCookie, readBuyerSession } = await load();
    const pair = pairOf(buyerSessionCookie("a@example.com", NOW));
    const justBefore = new Date(billingSessionExpiry(NOW).getTime() - 1000);
    expect(readBuyerSession(request(pair), justBefore)?.email).toBe("a@example.com");
    expect(readBuyerSession(request(pair), billingSessionExpiry(NOW))).toBeNull();
  });

  it("refuses a changed address, a longer expiry, another key's signature and two copies", async () => {
    const { buyerSessionCookie, buyerCookieName, readBuyerSession, sessionPayload, signValue, derivedKey } =
      await load();
    const name = buyerCookieName();
    const pair = pairOf(buyerSessionCookie("a@example.com", NOW));
    const signed = decodeURIComponent(pair.slice(name.length + 1));
    const signature = signed.slice(signed.lastIndexOf(".") + 1);
    const forged = [
      `${sessionPayload({ email: "b@example.com", expiresAt: billingSessionExpiry(NOW) })}.${signature}`,
      `${sessionPayload({ email: "a@example.com", expiresAt: new Date("2031-01-01T00:00:00Z") })}.${signature}`,
      // Signed, but with the visitor cookie's key: each purpose has its own.
      signValue(
        sessionPayload({ email: "a@example.com", expiresAt: billingSessionExpiry(NOW) }),
        derivedKey("visitor-cookie"),
      ),
      "",
      "%E0%A4%A",
    ];
    for (const value of forged) {
      expect(readBuyerSession(request(`${name}=${encodeURIComponent(value)}`), NOW), value).toBeNull();
    }
    expect(readBuyerSession(request(`${pair}; ${pair}`), NOW)).toBeNull();
  });

  it("reads back only a lower-cased address with an @ from a well-formed payload", async () => {
    const { sessionFromPayload } = await load();
    const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
    const later = Math.floor(NOW.getTime() / 1000) + 60;
    expect(sessionFromPayload(`${b64("a@example.com")}.${later}`, NOW)?.email).toBe("a@example.com");
    expect(sessionFromPayload(`${b64("A@example.com")}.${later}`, NOW)).toBeNull();
    expect(sessionFromPayload(`${b64("nobody")}.${later}`, NOW)).toBeNull();
    expect(sessionFromPayload(`${b64("a@example.com")}.${later}.extra`, NOW)).toBeNull();
  });

  it("clearing it expires the same cookie name", async () => {
    const { clearedBuyerSessionCookie } = await load();
    expect(clearedBuyerSessionCookie()).toBe("__Host-ff_billing=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
  });
});

describe("subscription words", () => {
  it("puts a provider status into words and never shows an unknown one raw", () => {
    expect(subscriptionWords("active")).toBe("active");
    expect(subscriptionWords("past_due")).toBe("payment overdue");
    expect(subscriptionWords("toString")).toBe("being updated");
    expect(subscriptionWords("something_new")).toBe("being updated");
  });
});

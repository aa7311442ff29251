import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A tracked link's token: one e-mail and one target under a key of its own; anything changed, or
// signed under another key, names nothing.

const EMAIL = "0b7e4a52-3c1d-4f7e-9a8b-2d6c5e4f3a21";
const TARGET = "https://shop.example/offer?utm_source=email&x=1#top";

async function load() {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", "unit-test-session-secret-0123456789abcdef");
  vi.stubEnv("SITE_URL", "https://shop.example");
  return {
    ...(await import("@/lib/platform/server/mail/click-token")),
    ...(await import("@/lib/platform/server/security/derived-key")),
    ...(await import("@/lib/platform/server/security/signed-value")),
  };
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

describe("click token", () => {
  it("names the e-mail and the target it was signed for, under /r/ on the site", async () => {
    const { clickUrl, verifyClickToken } = await load();
    const url = new URL(clickUrl({ emailId: EMAIL, url: TARGET }));
    expect(url.origin).toBe("https://shop.example");
    expect(url.pathname.startsWith("/r/")).toBe(true);
    expect(verifyClickToken(url.pathname.slice("/r/".length))).toEqual({ emailId: EMAIL, url: TARGET });
  });

  it("refuses a token whose target, e-mail or signature was changed", async () => {
    const { signClickToken, verifyClickToken } = await load();
    const token = signClickToken({ emailId: EMAIL, url: TARGET });
    const [id, target, signature] = token.split(".");
    const evil = Buffer.from("https://evil.example/", "utf8").toString("base64url");
    expect(verifyClickToken(`${id}.${evil}.${signature}`)).toBeNull();
    expect(verifyClickToken(`${EMAIL.replace("0b7e", "1b7e")}.${target}.${signature}`)).toBeNull();
    expect(verifyClickToken(`${id}.${target}.${signature!.slice(0, -2)}AA`)).toBeNull();
    expect(verifyClickToken(`${id}.${target}`)).toBeNull();
    expect(verifyClickToken("")).toBeNull();
    expect(verifyClickToken("x".repeat(7000))).toBeNull();
  });

  it("refuses a value signed under another purpose's key, and a signed target that is not http(s)", async () => {
    const { derivedKey, signValue, verifyClickToken } = await load();
    const target = Buffer.from(TARGET, "utf8").toString("base64url");
    expect(verifyClickToken(signValue(`${EMAIL}.${target}`, derivedKey("card-update-link")))).toBeNull();
    const script = Buffer.from("javascript:alert(1)", "utf8").toString("base64url");
    expect(verifyClickToken(signValue(`${EMAIL}.${script}`, derivedKey("email-click-link")))).toBeNull();
  });

  it("stops verifying when the site secret changes", async () => {
    const first = await load();
    const token = first.signClickToken({ emailId: EMAIL, url: TARGET });
    vi.resetModules();
    vi.stubEnv("SESSION_SECRET", "another-unit-test-secret-0123456789abcdef");
    const { verifyClickToken } = await import("@/lib/platform/server/mail/click-token");
    expect(verifyClickToken(token)).toBeNull();
  });
});

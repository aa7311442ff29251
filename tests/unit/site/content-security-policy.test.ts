import { describe, expect, it } from "vitest";
import {
  buildContentSecurityPolicy,
  buildStrictTransportSecurity,
  httpsOrigin,
  type PolicyConfig,
} from "@/lib/site/server/content-security-policy";
import { newNonce } from "@/lib/site/server/page-security";

const demo: PolicyConfig = {
  NODE_ENV: "production",
  SITE_URL: "http://localhost:3000",
  STRIPE_SECRET_KEY: undefined,
  VIDEO_URL: "/media/sample-video.webm",
  BOOKING_URL: undefined,
};
const configured: PolicyConfig = {
  ...demo,
  SITE_URL: "https://fastforward.example",
  STRIPE_SECRET_KEY: "sk_live_x",
  VIDEO_URL: "https://videos.example-cdn.com/offer/team.mp4",
  BOOKING_URL: "https://calendly.com/fast-forward/strategy-call",
};

/** The policy as a map of directive → sources, as a browser parses it. */
function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("buildContentSecurityPolicy", () => {
  it("is strict in demo mode: nonce + strict-dynamic, no third-party host anywhere", () => {
    const policy = buildContentSecurityPolicy({ nonce: "abc123" }, demo);
    const d = parse(policy);
    expect(d.get("script-src")).toEqual(["'nonce-abc123'", "'strict-dynamic'", "'self'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'none'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("frame-src")).toEqual(["'none'"]);
    expect(d.get("media-src")).toEqual(["'self'"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    expect(policy).not.toMatch(/https:|stripe|calendly|unsafe-eval|upgrade-insecure-requests/);
    expect(d.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("names a cached page's script hashes instead of a nonce, and nothing else changes", () => {
    const hashes = ["sha256-AAAA", "sha256-BBBB"];
    const d = parse(buildContentSecurityPolicy({ hashes }, demo));
    expect(d.get("script-src")).toEqual(["'sha256-AAAA'", "'sha256-BBBB'", "'strict-dynamic'", "'self'"]);
    const withNonce = parse(buildContentSecurityPolicy({ nonce: "n" }, configured));
    const withHashes = parse(buildContentSecurityPolicy({ hashes }, configured));
    withNonce.delete("script-src");
    expect(withHashes.get("script-src")?.slice(2)).toEqual([
      "'strict-dynamic'",
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    withHashes.delete("script-src");
    expect(withHashes).toEqual(withNonce);
  });

  it("adds Stripe's hosts only in Stripe mode", () => {
    const d = parse(buildContentSecurityPolicy({ nonce: "n" }, { ...demo, STRIPE_SECRET_KEY: "sk_test_1" }));
    expect(d.get("script-src")).toEqual([
      "'nonce-n'",
      "'strict-dynamic'",
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    expect(d.get("frame-src")).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(d.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(d.get("media-src")).toEqual(["'self'"]);
  });

  it("adds the video's origin only when VIDEO_URL is an https URL", () => {
    expect(parse(buildContentSecurityPolicy({ nonce: "n" }, configured)).get("media-src")).toEqual([
      "'self'",
      "https://videos.example-cdn.com",
    ]);
    expect(parse(buildContentSecurityPolicy({ nonce: "n" }, demo)).get("media-src")).toEqual(["'self'"]);
  });

  it("adds the booking widget's origin only when BOOKING_URL is set", () => {
    const withBooking = parse(
      buildContentSecurityPolicy({ nonce: "n" }, { ...demo, BOOKING_URL: configured.BOOKING_URL }),
    );
    expect(withBooking.get("frame-src")).toEqual(["https://calendly.com"]);
    expect(parse(buildContentSecurityPolicy({ nonce: "n" }, configured)).get("frame-src")).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
      "https://calendly.com",
    ]);
  });

  it("upgrades insecure requests only on an https site, and allows eval only in development", () => {
    expect(buildContentSecurityPolicy({ nonce: "n" }, configured)).toMatch(/; upgrade-insecure-requests$/);
    expect(
      parse(buildContentSecurityPolicy({ nonce: "n" }, { ...demo, NODE_ENV: "development" })).get("script-src"),
    ).toContain("'unsafe-eval'");
  });
});

describe("httpsOrigin", () => {
  it.each([
    ["https://cdn.example.com/a/b.mp4?x=1", "https://cdn.example.com"],
    ["https://calendly.com:8443/x", "https://calendly.com:8443"],
    ["/media/sample-video.webm", undefined],
    ["http://cdn.example.com/a.mp4", undefined],
    [undefined, undefined],
  ])("%s → %s", (url, origin) => {
    expect(httpsOrigin(url)).toBe(origin);
  });
});

describe("buildStrictTransportSecurity", () => {
  it("is at least a year, and only for an https site", () => {
    const value = buildStrictTransportSecurity("https://fastforward.example") ?? "";
    expect(Number(/max-age=(\d+)/.exec(value)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(buildStrictTransportSecurity("http://localhost:3000")).toBeUndefined();
    // The scheme is case-insensitive.
    expect(buildStrictTransportSecurity("HTTPS://FastForward.example")).toBe(value);
    expect(buildStrictTransportSecurity("Https://fastforward.example")).toBe(value);
    expect(buildStrictTransportSecurity("not a url")).toBeUndefined();
  });
});

describe("newNonce", () => {
  it("is 128 random bits, base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

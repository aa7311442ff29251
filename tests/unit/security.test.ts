import { describe, expect, it } from "vitest";
import { clientIp, PEER_HEADER } from "@/lib/security/client-ip";
import { isCrossSiteRequest } from "@/lib/security/origin";
import { signValue, verifySignedValue } from "@/lib/security/signed-value";

describe("isCrossSiteRequest", () => {
  const base = {
    method: "POST",
    origin: null,
    secFetchSite: null,
    requestOrigin: "http://localhost:3000",
    siteOrigin: "https://fastforward.example",
  };

  it.each([
    ["same-origin fetch", { origin: "http://localhost:3000", secFetchSite: "same-origin" }, false],
    ["the configured site origin", { origin: "https://fastforward.example" }, false],
    ["a non-browser client without Origin", {}, false],
    ["a user-initiated navigation", { secFetchSite: "none" }, false],
    ["another site's Origin", { origin: "https://evil.example" }, true],
    ["Sec-Fetch-Site cross-site", { secFetchSite: "cross-site" }, true],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { secFetchSite: "same-site" }, true],
    ["an opaque origin", { origin: "null" }, true],
    ["a GET from anywhere", { method: "GET", origin: "https://evil.example", secFetchSite: "cross-site" }, false],
  ])("%s", (_name, overrides, expected) => {
    expect(isCrossSiteRequest({ ...base, ...overrides })).toBe(expected);
  });
});

describe("clientIp", () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it("uses the peer address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "1.2.3.4" }), 0)).toBe("203.0.113.7");
  });

  it("takes the entry the trusted proxy appended", () => {
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.9" });
    expect(clientIp(h, 1)).toBe("198.51.100.9");
    expect(clientIp(h, 2)).toBe("6.6.6.6");
  });

  it("falls back to the peer when the chain is shorter than the hops", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "10.0.0.2" }), 1)).toBe("10.0.0.2");
    expect(clientIp(headers({}), 0)).toBe("unknown");
  });
});

describe("signed values", () => {
  const secret = "x".repeat(32);

  it("round-trips and rejects tampering or another secret", () => {
    const signed = signValue("abc-123", secret);
    expect(verifySignedValue(signed, secret)).toBe("abc-123");
    expect(verifySignedValue(signed.replace("abc", "abd"), secret)).toBeNull();
    expect(verifySignedValue(signed, "y".repeat(32))).toBeNull();
    expect(verifySignedValue("no-signature", secret)).toBeNull();
    expect(verifySignedValue(undefined, secret)).toBeNull();
  });
});

import { describe, expect, it, vi } from "vitest";
import { clientIp, isPrivateAddress, PEER_HEADER } from "@/lib/security/client-ip";
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

  it("warns once when a private peer forwards X-Forwarded-For and no proxy is trusted", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    clientIp(headers({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "1.2.3.4" }), 0);
    expect(warn).not.toHaveBeenCalled();
    const proxied = headers({ [PEER_HEADER]: "::ffff:127.0.0.1", "x-forwarded-for": "198.51.100.9" });
    expect(clientIp(proxied, 0)).toBe("::ffff:127.0.0.1");
    clientIp(proxied, 0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("TRUSTED_PROXY_HOPS");
    warn.mockRestore();
  });

  it.each([
    ["127.0.0.1", true],
    ["::1", true],
    ["::ffff:10.1.2.3", true],
    ["192.168.0.4", true],
    ["172.16.0.1", true],
    ["172.32.0.1", false],
    ["fd12:3456::1", true],
    ["203.0.113.7", false],
    ["2001:db8::1", false],
  ])("treats %s as private: %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
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

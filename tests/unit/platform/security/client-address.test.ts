import { describe, expect, it, vi } from "vitest";
import {
  addressBudgetKey,
  clientNetwork,
  clientIp,
  isPrivateAddress,
  PEER_HEADER,
  UNIDENTIFIED,
} from "@/lib/platform/server/security/client-ip";
import { log } from "@/lib/platform/server/logger";
import { peerStamp } from "@/lib/platform/server/security/peer-stamp";
import { isCrossSiteRequest } from "@/lib/platform/shared/origin";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

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
  const secret = "peer-secret-for-unit-tests-0123456789abcdef";
  const headers = (values: Record<string, string>) => new Headers(values);
  const stamped = (address: string, extra: Record<string, string> = {}) =>
    headers({ [PEER_HEADER]: peerStamp(address, secret), ...extra });

  it("uses the stamped peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientIp(stamped("203.0.113.7", { "x-forwarded-for": "1.2.3.4" }), 0, secret)).toBe("203.0.113.7");
  });

  it("never believes a stamp it cannot verify: forged, another boot's, or no secret at all (next start)", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    expect(clientIp(headers({ [PEER_HEADER]: "203.0.113.7" }), 0, secret)).toBe(UNIDENTIFIED);
    expect(clientIp(headers({ [PEER_HEADER]: peerStamp("203.0.113.7", "another-boot".repeat(4)) }), 0, secret)).toBe(
      UNIDENTIFIED,
    );
    // Plain `next start`: no front, so no secret; a client-sent stamp or X-Forwarded-For counts for nothing.
    expect(clientIp(stamped("203.0.113.7", { "x-forwarded-for": "1.2.3.4" }), 0, undefined)).toBe(UNIDENTIFIED);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("takes the entry the trusted proxy appended, with or without the front", () => {
    const h = stamped("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.9" });
    expect(clientIp(h, 1, secret)).toBe("198.51.100.9");
    expect(clientIp(h, 2, secret)).toBe("6.6.6.6");
    // next start behind one proxy: the client's forged first entry is not the one counted.
    expect(clientIp(headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.9" }), 1, undefined)).toBe("198.51.100.9");
  });

  it("believes the chain only from a private or loopback peer when the front stamped one", () => {
    const direct = stamped("203.0.113.50", { "x-forwarded-for": "198.51.100.9" });
    expect(clientIp(direct, 1, secret)).toBe("203.0.113.50");
    expect(clientIp(stamped("127.0.0.1", { "x-forwarded-for": "198.51.100.9" }), 1, secret)).toBe("198.51.100.9");
    expect(clientIp(stamped("::1", { "x-forwarded-for": "198.51.100.9" }), 1, secret)).toBe("198.51.100.9");
  });

  it.each([
    ["203.0.113.7:5123", "203.0.113.7"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["2001:db8::1", "2001:db8::1"],
    ["unknown", "10.0.0.2"],
    ["evil.example", "10.0.0.2"],
    ["", "10.0.0.2"],
  ])("validates the chosen entry %j, else falls back to the peer", (entry, expected) => {
    expect(clientIp(stamped("10.0.0.2", { "x-forwarded-for": `6.6.6.6, ${entry}` }), 1, secret)).toBe(expected);
  });

  it("falls back to the stamped peer when the chain is shorter than the hops", () => {
    expect(clientIp(stamped("10.0.0.2"), 1, secret)).toBe("10.0.0.2");
  });

  it("warns once when a private peer forwards X-Forwarded-For and no proxy is trusted", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    clientIp(stamped("203.0.113.7", { "x-forwarded-for": "1.2.3.4" }), 0, secret);
    // Next.js fills X-Forwarded-For with the socket address itself: no proxy, no warning.
    clientIp(stamped("::ffff:127.0.0.1", { "x-forwarded-for": "::ffff:127.0.0.1" }), 0, secret);
    clientIp(stamped("127.0.0.1", { "x-forwarded-for": "::ffff:127.0.0.1" }), 0, secret);
    clientIp(stamped("::1", { "x-forwarded-for": "::1" }), 0, secret);
    expect(warn).not.toHaveBeenCalled();
    const proxied = stamped("::ffff:127.0.0.1", { "x-forwarded-for": "198.51.100.9" });
    expect(clientIp(proxied, 0, secret)).toBe("::ffff:127.0.0.1");
    clientIp(proxied, 0, secret);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("TRUSTED_PROXY_HOPS");
    warn.mockRestore();
  });

  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["+15555550123", "+15555550123"],
    [UNIDENTIFIED, UNIDENTIFIED],
  ])("budgets %s as %s", (address, key) => {
    expect(addressBudgetKey(address)).toBe(key);
  });

  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["::ffff:203.0.113.250", "203.0.113.0/24"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff::9", "2001:db8:1:2::/64"],
    [UNIDENTIFIED, UNIDENTIFIED],
  ])("puts %s in the client network %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
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

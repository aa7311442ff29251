import { describe, expect, it } from "vitest";
import { isOtherAddressOfSite, requestOriginOf } from "@/lib/platform/shared/origin";

// The origin a request addressed (forwarded headers believed only behind trusted proxies), and
// when a browser's request is the site opened at another address rather than another site.

const headers = (values: Record<string, string>) => new Headers(values);

describe("requestOriginOf", () => {
  it("reads the Host header and ignores client-written forwarding headers without trusted proxies", () => {
    const sent = headers({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(requestOriginOf(sent, 0, "http:")).toBe("http://127.0.0.1:3000");
  });

  it("behind trusted proxies takes the first forwarded host and protocol", () => {
    const sent = headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "shop.example.com, 10.0.0.5",
      "x-forwarded-proto": "https,http",
    });
    expect(requestOriginOf(sent, 1, "http:")).toBe("https://shop.example.com");
    expect(requestOriginOf(headers({ host: "shop.example.com" }), 1, "http:")).toBe("http://shop.example.com");
  });

  it("drops a default port and refuses a missing or malformed host", () => {
    expect(requestOriginOf(headers({ host: "localhost:80" }), 0, "http:")).toBe("http://localhost");
    expect(requestOriginOf(headers({}), 0, "http:")).toBeNull();
    expect(requestOriginOf(headers({ host: "a b/c" }), 0, "http:")).toBeNull();
  });
});

describe("isOtherAddressOfSite", () => {
  const site = "http://localhost:3000";
  const here = "http://127.0.0.1:3000";
  const input = (origin: string | null, secFetchSite: string | null, requestOrigin = here) => ({
    origin,
    secFetchSite,
    requestOrigin,
    siteOrigin: site,
  });

  it("is the site opened at another of its addresses", () => {
    expect(isOtherAddressOfSite(input(here, "same-origin"))).toBe(true);
    expect(isOtherAddressOfSite(input(here, null))).toBe(true);
  });

  it("is not a request from SITE_URL, another site, or a client without Origin", () => {
    expect(isOtherAddressOfSite(input(site, "same-origin", site))).toBe(false);
    expect(isOtherAddressOfSite(input("https://evil.example", "cross-site"))).toBe(false);
    expect(isOtherAddressOfSite(input("https://evil.example", null))).toBe(false);
    expect(isOtherAddressOfSite(input(here, "same-site"))).toBe(false);
    expect(isOtherAddressOfSite(input("null", "same-origin"))).toBe(false);
    expect(isOtherAddressOfSite(input(null, null))).toBe(false);
  });
});

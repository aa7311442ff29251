import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/platform/server/config";

describe("parseConfig", () => {
  it("applies the local defaults when nothing is set", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ NODE_ENV: "development", HOST: "127.0.0.1", PORT: 3000, FUNNEL_DATA_DIR: ".data" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SITE_URL).toBe("http://localhost:3000");
  });

  it("without SITE_URL, takes the local server's own address, port included", () => {
    expect(parseConfig({ PORT: "4100" }).SITE_URL).toBe("http://localhost:4100");
    expect(parseConfig({ PORT: "4100", SITE_URL: "https://shop.example.com" }).SITE_URL).toBe(
      "https://shop.example.com",
    );
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("accepts a postgres URL and trims the site URL's trailing slash", () => {
    const config = parseConfig({
      DATABASE_URL: "postgresql://u:p@db.internal:5432/funnel",
      SITE_URL: "https://example.com/",
    });
    expect(config.DATABASE_URL).toBe("postgresql://u:p@db.internal:5432/funnel");
    expect(config.SITE_URL).toBe("https://example.com");
  });

  it("names DATABASE_URL on one line when it is not a URL, without echoing the value", () => {
    expect(() => parseConfig({ DATABASE_URL: "not-a-url" })).toThrow(ConfigError);
    try {
      parseConfig({ DATABASE_URL: "not-a-url" });
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain("DATABASE_URL");
      expect(message).not.toContain("not-a-url");
      expect(message.split("\n")).toHaveLength(1);
    }
  });

  it("names every bad variable at once", () => {
    let caught: unknown;
    try {
      parseConfig({ DATABASE_URL: "mysql://x", PORT: "70000", SESSION_SECRET: "short", SITE_URL: "ftp://x" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const variables = (caught as ConfigError).issues.map((i) => i.variable).sort();
    expect(variables).toEqual(["DATABASE_URL", "PORT", "SESSION_SECRET", "SITE_URL"]);
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/platform/server/config";
import { environmentForHost } from "@/lib/leads/shared/environment";
import { splitName } from "@/lib/leads/shared/name";
import { hasUtm, readUtm } from "@/lib/leads/shared/utm";

describe("environmentForHost", () => {
  it.each([
    ["localhost", "local"],
    ["LOCALHOST", "local"],
    ["localhost:3000", "local"],
    ["127.0.0.1", "local"],
    ["203.0.113.7", "local"],
    ["192.168.1.20", "local"],
    ["10.0.0.5", "local"],
    ["my-laptop.local", "local"],
    ["fastforward.example", "prod"],
    ["www.fastforward.example", "prod"],
    ["local", "prod"],
    ["localhost.example.com", "prod"],
    ["999.1.1.1", "prod"],
    ["172.16.0.1", "local"],
  ] as const)("%s → %s", (host, expected) => {
    expect(environmentForHost(host)).toBe(expected);
  });
});

describe("splitName", () => {
  it.each([
    ["Ada", { name: "Ada", firstName: "Ada", lastName: "" }],
    ["Ada Lovelace", { name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace" }],
    ["  Ada   King  Lovelace ", { name: "Ada King Lovelace", firstName: "Ada", lastName: "King Lovelace" }],
    ["José María de la Cruz", { name: "José María de la Cruz", firstName: "José", lastName: "María de la Cruz" }],
  ])("%j", (input, expected) => {
    expect(splitName(input)).toEqual(expected);
  });
});

describe("readUtm", () => {
  it("reads every parameter, trims, and uses empty strings when absent", () => {
    expect(readUtm("?utm_source=news&utm_medium=%20email%20&utm_campaign=launch&utm_term=ai&utm_content=hero")).toEqual(
      {
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "launch",
        utm_term: "ai",
        utm_content: "hero",
      },
    );
    const none = readUtm("?ref=x");
    expect(none).toEqual({ utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" });
    expect(hasUtm(none)).toBe(false);
    expect(hasUtm(readUtm(new URLSearchParams({ utm_term: "ai" })))).toBe(true);
  });

  it("caps very long values", () => {
    expect(readUtm(`?utm_source=${"a".repeat(500)}`).utm_source).toHaveLength(200);
  });
});

describe("lead-capture configuration", () => {
  it("defaults DISCOVERY_URL to /schedule-call and TRACK_ACTION_RATE_LIMIT to 600", () => {
    expect(parseConfig({})).toMatchObject({ DISCOVERY_URL: "/schedule-call", TRACK_ACTION_RATE_LIMIT: 600 });
  });

  it.each(["/book", "https://calendly.example/fast-forward"])("accepts DISCOVERY_URL %s", (url) => {
    expect(parseConfig({ DISCOVERY_URL: url }).DISCOVERY_URL).toBe(url);
  });

  it.each(["javascript:alert(1)", "//evil.example", "book"])("refuses DISCOVERY_URL %s", (url) => {
    expect(() => parseConfig({ DISCOVERY_URL: url })).toThrow(ConfigError);
  });

  it("refuses a zero or non-numeric TRACK_ACTION_RATE_LIMIT", () => {
    expect(() => parseConfig({ TRACK_ACTION_RATE_LIMIT: "0" })).toThrow(/TRACK_ACTION_RATE_LIMIT/);
    expect(() => parseConfig({ TRACK_ACTION_RATE_LIMIT: "lots" })).toThrow(/TRACK_ACTION_RATE_LIMIT/);
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/platform/server/config";

describe("offer and scheduling configuration", () => {
  it("defaults to the countdown variant, the bundled video and no booking link", () => {
    const config = parseConfig({});
    expect(config.OFFER_VARIANT).toBe("countdown");
    expect(config.VIDEO_URL).toBe("/media/sample-video.webm");
    expect(config.BOOKING_URL).toBeUndefined();
  });

  it("accepts the configured values", () => {
    const config = parseConfig({
      OFFER_VARIANT: "team",
      VIDEO_URL: "https://videos.example/vsl.mp4",
      BOOKING_URL: "https://calendly.com/ff/strategy-call",
    });
    expect(config).toMatchObject({
      OFFER_VARIANT: "team",
      VIDEO_URL: "https://videos.example/vsl.mp4",
      BOOKING_URL: "https://calendly.com/ff/strategy-call",
    });
  });

  it.each([
    [{ OFFER_VARIANT: "upsell" }, "OFFER_VARIANT"],
    [{ VIDEO_URL: "//evil.example/v.mp4" }, "VIDEO_URL"],
    [{ VIDEO_URL: "http://videos.example/v.mp4" }, "VIDEO_URL"],
    [{ BOOKING_URL: "http://calendly.com/ff" }, "BOOKING_URL"],
    [{ BOOKING_URL: "calendly.com/ff" }, "BOOKING_URL"],
  ])("refuses %j naming the variable", (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(variable));
  });
});

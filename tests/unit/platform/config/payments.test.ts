import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/platform/server/config";

describe("payment configuration", () => {
  it("defaults to the demo gateway with nothing set", () => {
    const config = parseConfig({});
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.ALLOW_DEMO_PAYMENTS).toBe(false);
  });

  it("needs the publishable key and webhook secret once a Stripe secret key is set", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set; STRIPE_WEBHOOK_SECRET is required/,
    );
    const config = parseConfig({
      STRIPE_SECRET_KEY: "sk_test_x",
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect(config.STRIPE_API_BASE).toBe("http://127.0.0.1:12111");
  });

  it("names a key of the wrong kind without echoing it", () => {
    try {
      parseConfig({ STRIPE_SECRET_KEY: "pk_live_oops-secret-value" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain("STRIPE_SECRET_KEY");
      expect((error as ConfigError).message).not.toContain("oops-secret-value");
    }
    expect(() => parseConfig({ HANDOFF_TOKEN_SECRET: "short" })).toThrow(/HANDOFF_TOKEN_SECRET/);
    expect(() => parseConfig({ CONTRACT_SETUP_PROD_URL: "ftp://x" })).toThrow(/CONTRACT_SETUP_PROD_URL/);
  });
});

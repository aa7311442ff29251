import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/platform/server/config";

// The sweeps' settings: defaults when unset, and a bad value names its variable at start-up.

describe("sweep settings", () => {
  it("defaults to a recovery e-mail after 60 minutes, no second one, 72 h and 200 orders per sweep", () => {
    expect(parseConfig({})).toMatchObject({
      CHECKOUT_RECOVERY_MINUTES: 60,
      RECONCILE_LOOKBACK_HOURS: 72,
      RECONCILE_BATCH_SIZE: 200,
    });
    expect(parseConfig({}).CHECKOUT_RECOVERY_SECOND_HOURS).toBeUndefined();
    expect(parseConfig({ CHECKOUT_RECOVERY_SECOND_HOURS: "24" }).CHECKOUT_RECOVERY_SECOND_HOURS).toBe(24);
  });

  it.each([
    ["CHECKOUT_RECOVERY_MINUTES", "2"],
    ["CHECKOUT_RECOVERY_MINUTES", "an hour"],
    ["CHECKOUT_RECOVERY_SECOND_HOURS", "0"],
    ["CHECKOUT_RECOVERY_SECOND_HOURS", "1.5"],
    ["RECONCILE_LOOKBACK_HOURS", "721"],
    ["RECONCILE_BATCH_SIZE", "0"],
  ])("refuses %s=%s, naming it", (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [variable]: value })).toThrow(new RegExp(variable));
  });
});

import { describe, expect, it } from "vitest";
import { accountDelaySeconds, decideAttempt, lockoutSeconds, retryMessage } from "@/lib/operators/shared/lockout";

describe("sign-in lockout rule", () => {
  it("five free attempts, then one minute doubling up to an hour", () => {
    expect([1, 4, 5, 6, 7, 10, 11, 50].map(lockoutSeconds)).toEqual([0, 0, 60, 120, 240, 1920, 3600, 3600]);
  });

  it("ten free attempts per account from anywhere, then a pause of seconds doubling up to half a minute", () => {
    expect([1, 9, 10, 11, 12, 14, 15, 40].map(accountDelaySeconds)).toEqual([0, 0, 1, 2, 4, 16, 30, 30]);
    const now = new Date("2026-11-23T09:00:00Z");
    const paused = decideAttempt(
      { failures: 12, lockedUntil: new Date("2026-11-23T09:00:04Z"), lastFailureAt: now },
      now,
      accountDelaySeconds,
    );
    expect(paused).toMatchObject({ allowed: false, retryAfterSeconds: 4 });
    const counted = decideAttempt({ failures: 12, lockedUntil: null, lastFailureAt: now }, now, accountDelaySeconds);
    expect(counted).toMatchObject({
      allowed: true,
      next: { failures: 13, lockedUntil: new Date("2026-11-23T09:00:08Z") },
    });
  });

  it("refuses while locked, counts otherwise, and forgets failures after a quiet day", () => {
    const now = new Date("2026-11-23T09:00:00Z");
    const locked = decideAttempt(
      { failures: 6, lockedUntil: new Date("2026-11-23T09:01:30Z"), lastFailureAt: now },
      now,
    );
    expect(locked).toMatchObject({ allowed: false, retryAfterSeconds: 90 });
    const counted = decideAttempt({ failures: 4, lockedUntil: null, lastFailureAt: now }, now);
    expect(counted).toEqual({
      allowed: true,
      next: { failures: 5, lastFailureAt: now, lockedUntil: new Date("2026-11-23T09:01:00Z") },
    });
    const old = new Date("2026-11-21T09:00:00Z");
    expect(decideAttempt({ failures: 9, lockedUntil: old, lastFailureAt: old }, now)).toMatchObject({
      allowed: true,
      next: { failures: 1, lockedUntil: null },
    });
  });

  it("tells when to try again", () => {
    const now = new Date("2026-11-23T09:00:00Z");
    expect(retryMessage(60, now)).toBe("Too many sign-in attempts. Try again in 1 minute (at 09:01 UTC).");
    expect(retryMessage(30, now)).toBe("Too many sign-in attempts. Try again in 30 seconds (at 09:00 UTC).");
    expect(retryMessage(3600, now)).toBe("Too many sign-in attempts. Try again in 60 minutes (at 10:00 UTC).");
  });
});

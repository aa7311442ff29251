import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COUNTDOWN_SECONDS,
  countdownState,
  formatClock,
  initialCountdown,
  remainingAfter,
  stateAfter,
  tick,
} from "@/lib/offers/shared/countdown";

describe("countdown state machine", () => {
  it("starts at 7 minutes, calm", () => {
    expect(initialCountdown()).toEqual({ remaining: 420, urgent: false, pulsing: false, finished: false });
    expect(formatClock(COUNTDOWN_SECONDS)).toBe("07:00");
  });

  it("ticks one second at a time and crosses the thresholds at 40 s and 20 s exactly", () => {
    let state = initialCountdown();
    const seen: Record<number, ReturnType<typeof countdownState>> = {};
    while (!state.finished) {
      state = tick(state);
      seen[state.remaining] = state;
    }
    expect(seen[41]).toMatchObject({ urgent: false, pulsing: false });
    expect(seen[40]).toMatchObject({ urgent: true, pulsing: false });
    expect(seen[21]).toMatchObject({ urgent: true, pulsing: false });
    expect(seen[20]).toMatchObject({ urgent: true, pulsing: true });
    expect(seen[1]).toMatchObject({ finished: false });
    expect(seen[0]).toEqual({ remaining: 0, urgent: true, pulsing: true, finished: true });
    expect(Object.keys(seen)).toHaveLength(420);
  });

  it("stops at 0", () => {
    const done = countdownState(0);
    expect(tick(done)).toBe(done);
    expect(tick(tick(done)).remaining).toBe(0);
  });

  it("derives the remaining time from the elapsed time since the server-side start", () => {
    expect(remainingAfter(0)).toBe(420);
    expect(remainingAfter(999)).toBe(420);
    expect(remainingAfter(1000)).toBe(419);
    expect(remainingAfter(180_000)).toBe(240);
    expect(remainingAfter(10 * 60_000)).toBe(0);
    expect(remainingAfter(-5_000)).toBe(420);
    expect(remainingAfter(Number.NaN)).toBe(420);
    expect(stateAfter(380_000)).toMatchObject({ remaining: 40, urgent: true, pulsing: false });
    expect(formatClock(240)).toBe("04:00");
    expect(formatClock(9)).toBe("00:09");
  });

  it("never leaves 0..420 and is monotonic in elapsed time", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), (a, more) => {
        const r1 = remainingAfter(a);
        const r2 = remainingAfter(a + more);
        return r1 >= 0 && r1 <= 420 && r2 <= r1;
      }),
    );
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clampSeats, createSeatScheduler } from "@/lib/payments/shared/seat-debounce";

describe("seat update scheduler (2000 ms debounce, 1000 ms apart, duplicates ignored)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(result: boolean | (() => Promise<boolean>) = true) {
    const sent: { quantity: number; at: number }[] = [];
    const scheduler = createSeatScheduler({
      initial: 1,
      send: async (quantity) => {
        sent.push({ quantity, at: Date.now() });
        return typeof result === "function" ? result() : result;
      },
    });
    return { scheduler, sent };
  }

  it("sends one update 2000 ms after the last of several quick changes", async () => {
    const { scheduler, sent } = setup();
    const start = Date.now();
    scheduler.change(2);
    await vi.advanceTimersByTimeAsync(500);
    scheduler.change(3);
    await vi.advanceTimersByTimeAsync(500);
    scheduler.change(4);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ quantity: 4, at: start + 3000 }]);
    expect(scheduler.confirmed).toBe(4);
  });

  it("does not send when the count returns to the current one", async () => {
    const { scheduler, sent } = setup();
    scheduler.change(2);
    scheduler.change(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([]);
  });

  it("keeps updates at least 1000 ms apart and never runs two at once", async () => {
    let release: (ok: boolean) => void = () => undefined;
    const { scheduler, sent } = setup(() => new Promise<boolean>((resolve) => (release = resolve)));
    scheduler.change(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(scheduler.busy).toBe(true);
    scheduler.change(3);
    await vi.advanceTimersByTimeAsync(2000);
    // Still running: the second request waits instead of overlapping.
    expect(sent).toHaveLength(1);
    release(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((s) => s.quantity)).toEqual([2, 3]);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("keeps the old confirmed count when the update fails", async () => {
    const { scheduler } = setup(false);
    scheduler.change(7);
    await vi.advanceTimersByTimeAsync(2000);
    expect(scheduler.confirmed).toBe(1);
  });

  it("clamps seats to 1–50", () => {
    expect([0, 1, 50, 51, -3, 2.7, Number.NaN].map((v) => clampSeats(v))).toEqual([1, 1, 50, 50, 1, 2, 1]);
  });
});

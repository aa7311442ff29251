// The team checkout's seat-update rule (spec §4, §9): the stepper changes at once on the page;
// the subscription is updated 2000 ms after the last change, never within 1000 ms of the
// previous update, never twice at the same time, and never for the count it already has.
// Pure (clock and timers injected) so the rule is unit-tested without a browser.

export const SEAT_DEBOUNCE_MS = 2000;
export const SEAT_MIN_INTERVAL_MS = 1000;

export type SeatSchedulerOptions = {
  send: (quantity: number) => Promise<boolean>;
  /** The count the subscription has now (after the last successful update). */
  initial: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  debounceMs?: number;
  minIntervalMs?: number;
};

export type SeatScheduler = {
  /** A local change of the stepper. */
  change(quantity: number): void;
  /** The subscription was replaced (e.g. created with a new count): it now has this count. */
  reset(confirmed: number): void;
  dispose(): void;
  readonly confirmed: number;
  readonly busy: boolean;
};

export function createSeatScheduler(options: SeatSchedulerOptions): SeatScheduler {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const debounceMs = options.debounceMs ?? SEAT_DEBOUNCE_MS;
  const minIntervalMs = options.minIntervalMs ?? SEAT_MIN_INTERVAL_MS;
  let confirmed = options.initial;
  let pending: number | null = null;
  let timer: unknown = null;
  let busy = false;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let disposed = false;

  const arm = (ms: number) => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void fire();
    }, ms);
  };

  async function fire(): Promise<void> {
    if (disposed || pending === null) return;
    if (pending === confirmed) {
      pending = null; // a change back to the current count needs no update
      return;
    }
    // A second request while one is running is a duplicate: try again once it is done.
    if (busy) return arm(minIntervalMs);
    const wait = lastSentAt + minIntervalMs - now();
    if (wait > 0) return arm(wait);
    const quantity = pending;
    pending = null;
    busy = true;
    lastSentAt = now();
    try {
      if (await options.send(quantity)) confirmed = quantity;
    } finally {
      busy = false;
    }
  }

  return {
    change(quantity) {
      pending = quantity;
      arm(debounceMs);
    },
    reset(value) {
      confirmed = value;
      pending = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimer(timer);
    },
    get confirmed() {
      return confirmed;
    },
    get busy() {
      return busy;
    },
  };
}

export function clampSeats(value: number, min = 1, max = 50): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

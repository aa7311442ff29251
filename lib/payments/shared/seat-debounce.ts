// Debounced seat updates (docs/product.md#checkout). Pure, clock and timers injected, so the rule
// is unit-tested without a browser.

export const SEAT_DEBOUNCE_MS = 2000;
export const SEAT_MIN_INTERVAL_MS = 1000;

export type SeatSchedulerOptions = {
  send: (quantity: number) => Promise<boolean>;
  initial: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  debounceMs?: number;
  minIntervalMs?: number;
};

export type SeatScheduler = {
  change(quantity: number): void;
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
      pending = null;
      return;
    }
    // A second request while one runs: try again once it is done.
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

import { setTimeout as sleep } from "node:timers/promises";

// The one poll loop of the tests: for what another process or the queue does in its own time.

export type PollOptions = {
  /** Gives up after this long (default 30 s). */
  ms?: number;
  /** Between reads (default 100 ms). */
  every?: number;
  /** Gives up at once when this holds, e.g. the process waited for has exited. */
  failed?: () => boolean;
  /** Appended to the error, e.g. the output of the process waited for. */
  detail?: () => string;
};

/** Reads until `done` holds and returns that value; throws when it times out or `failed` holds. */
export async function pollUntil<T>(
  what: string,
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  options: PollOptions = {},
): Promise<T> {
  const ms = options.ms ?? 30_000;
  for (const deadline = Date.now() + ms; ; await sleep(options.every ?? 100)) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline || options.failed?.()) {
      const detail = options.detail?.();
      throw new Error(`gave up waiting for ${what} (limit ${ms} ms)${detail ? `:\n${detail}` : ""}`);
    }
  }
}

/** Waits until `check` holds (see pollUntil). */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  options: PollOptions | number = {},
): Promise<void> {
  await pollUntil(what, check, (ok) => ok, typeof options === "number" ? { ms: options } : options);
}

/** Rate limits count in fixed one-minute windows: wait for a fresh one unless `needMs` remain. */
export async function intoOneWindow(needMs: number): Promise<void> {
  const remaining = 60_000 - (Date.now() % 60_000);
  if (remaining < needMs) await new Promise((resolve) => setTimeout(resolve, remaining + 500));
}

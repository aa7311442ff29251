import { expect } from "@playwright/test";

// Something the server does after its response (a job, the mail worker), read until it is there.

/** Reads until `check` passes on what was read (it asserts with expect), and returns that reading. */
export async function pollUntil<T>(read: () => Promise<T>, check: (value: T) => void, timeout = 15_000): Promise<T> {
  let value!: T;
  await expect(async () => {
    value = await read();
    check(value);
  }).toPass({ timeout });
  return value;
}

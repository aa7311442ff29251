// Svix's retry schedule for outgoing webhooks: an attempt now, then 5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h and 10 h after each failure (8 attempts over about 27 hours). Pure, so the rules are unit-tested.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before attempt n+1 (index n-1 for attempt n ≥ 1); attempt 1 goes out at once. */
export const RETRY_DELAYS_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/** A receiver that has not answered 2xx within this long has failed the attempt. */
export const ATTEMPT_TIMEOUT_MS = 15 * SECOND;

/** An endpoint failing without one success for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * HOUR;

/** When attempt `attempt + 1` is due after attempt `attempt` failed at `at`; null when none is left. */
export function nextAttemptAt(attempt: number, at: Date): Date | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return new Date(at.getTime() + RETRY_DELAYS_MS[attempt]!);
}

/** Whether a failure at `at` ends an endpoint that has failed since `failingSince`. */
export function shouldDisable(failingSince: Date | null, at: Date): boolean {
  return failingSince !== null && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

/** A 2xx answer is a success; redirects are not followed and count as failures. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

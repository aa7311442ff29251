// Svix's retry schedule: 8 attempts over about 27 hours. Pure, so unit-tested.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

export const ATTEMPT_TIMEOUT_MS = 15 * SECOND;

export const DISABLE_AFTER_MS = 5 * 24 * HOUR;

export function nextAttemptAt(attempt: number, at: Date): Date | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return new Date(at.getTime() + RETRY_DELAYS_MS[attempt]!);
}

export function shouldDisable(failingSince: Date | null, at: Date): boolean {
  return failingSince !== null && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

/** Redirects are not followed and count as failures. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

import { DAY_MS } from "@/lib/shared/dates";

// The growing sign-in lockout per account (issue 12 §1): a few free attempts, then a pause that
// doubles with every further failure, capped, so guessing a password takes years while a person
// who mistypes waits a minute. A success forgets everything; a day without failures does too.

export const FREE_ATTEMPTS = 5;
export const FIRST_LOCKOUT_SECONDS = 60;
export const MAX_LOCKOUT_SECONDS = 60 * 60;
/** Failures older than this no longer count towards a lockout. */
export const FAILURE_MEMORY_MS = DAY_MS;

export type FailureState = { failures: number; lockedUntil: Date | null; lastFailureAt: Date | null };

export type AttemptDecision =
  { allowed: false; retryAfterSeconds: number; lockedUntil: Date } | { allowed: true; next: FailureState };

/** Seconds locked after the nth consecutive failure (0 while attempts are still free). */
export function lockoutSeconds(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_LOCKOUT_SECONDS * 2 ** (failures - FREE_ATTEMPTS), MAX_LOCKOUT_SECONDS);
}

/**
 * An attempt is counted as a failure before the password is checked (a success then clears the
 * row), so parallel guesses cannot all slip in before the first failure is written.
 */
export function decideAttempt(state: FailureState, now: Date): AttemptDecision {
  if (state.lockedUntil && state.lockedUntil > now) {
    const retryAfterSeconds = Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000));
    return { allowed: false, retryAfterSeconds, lockedUntil: state.lockedUntil };
  }
  const stale = !state.lastFailureAt || now.getTime() - state.lastFailureAt.getTime() > FAILURE_MEMORY_MS;
  const failures = (stale ? 0 : state.failures) + 1;
  const seconds = lockoutSeconds(failures);
  return {
    allowed: true,
    next: { failures, lastFailureAt: now, lockedUntil: seconds ? new Date(now.getTime() + seconds * 1000) : null },
  };
}

/** "Try again in 2 minutes (at 09:14 UTC)." — what the person is told on a 429. */
export function retryMessage(retryAfterSeconds: number, now: Date): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const at = new Date(now.getTime() + retryAfterSeconds * 1000).toISOString().slice(11, 16);
  const wait =
    retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `Too many sign-in attempts. Try again in ${wait} (at ${at} UTC).`;
}

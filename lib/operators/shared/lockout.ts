import { DAY_MS } from "@/lib/shared/dates";

// Two counters per account (docs/decisions/0017): a lock doubling per failure from one client
// network, so guessing takes years while a mistyping person waits a minute, and a pause of seconds
// after many failures from anywhere, so spread-out guessing stays slow without locking the owner out.

export const FREE_ATTEMPTS = 5;
export const FIRST_LOCKOUT_SECONDS = 60;
export const MAX_LOCKOUT_SECONDS = 60 * 60;
export const ACCOUNT_FREE_ATTEMPTS = 10;
export const MAX_ACCOUNT_DELAY_SECONDS = 30;
export const FAILURE_MEMORY_MS = DAY_MS;

export type FailureState = { failures: number; lockedUntil: Date | null; lastFailureAt: Date | null };

export type AttemptDecision =
  { allowed: false; retryAfterSeconds: number; lockedUntil: Date } | { allowed: true; next: FailureState };

/** The lock on one account from one client network after `failures` failures from there. */
export function lockoutSeconds(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_LOCKOUT_SECONDS * 2 ** (failures - FREE_ATTEMPTS), MAX_LOCKOUT_SECONDS);
}

/** The pause before the next attempt on an account after `failures` failures from anywhere. */
export function accountDelaySeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_ATTEMPTS) return 0;
  return Math.min(2 ** (failures - ACCOUNT_FREE_ATTEMPTS), MAX_ACCOUNT_DELAY_SECONDS);
}

/** Counted as a failure before the check, so parallel guesses cannot slip in before it is written. */
export function decideAttempt(state: FailureState, now: Date, pauseSeconds = lockoutSeconds): AttemptDecision {
  if (state.lockedUntil && state.lockedUntil > now) {
    const retryAfterSeconds = Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000));
    return { allowed: false, retryAfterSeconds, lockedUntil: state.lockedUntil };
  }
  const stale = !state.lastFailureAt || now.getTime() - state.lastFailureAt.getTime() > FAILURE_MEMORY_MS;
  const failures = (stale ? 0 : state.failures) + 1;
  const seconds = pauseSeconds(failures);
  return {
    allowed: true,
    next: { failures, lastFailureAt: now, lockedUntil: seconds ? new Date(now.getTime() + seconds * 1000) : null },
  };
}

export function retryMessage(retryAfterSeconds: number, now: Date): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const at = new Date(now.getTime() + retryAfterSeconds * 1000).toISOString().slice(11, 16);
  const wait =
    retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `Too many sign-in attempts. Try again in ${wait} (at ${at} UTC).`;
}

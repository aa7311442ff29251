// How /payment-processing asks again while a payment is still processing (or the server could
// not be reached): 1 s, 2 s, 4 s, 8 s, then every 10 s, about two minutes in all, then it stops
// and offers "Check again". Bank debits can take days; the confirmation e-mail covers those. Pure.

export const STATUS_POLL_FIRST_MS = 1_000;
export const STATUS_POLL_MAX_MS = 10_000;
export const STATUS_POLL_TRIES = 16;

/** The wait before try `attempt + 1` (attempt 0 is the first check). */
export function statusPollDelayMs(attempt: number): number {
  return Math.min(STATUS_POLL_FIRST_MS * 2 ** Math.max(0, attempt), STATUS_POLL_MAX_MS);
}

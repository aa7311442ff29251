// About two minutes in all, then "Check again". Bank debits can take days; the e-mail covers those.

export const STATUS_POLL_FIRST_MS = 1_000;
export const STATUS_POLL_MAX_MS = 10_000;
export const STATUS_POLL_TRIES = 16;

export function statusPollDelayMs(attempt: number): number {
  return Math.min(STATUS_POLL_FIRST_MS * 2 ** Math.max(0, attempt), STATUS_POLL_MAX_MS);
}

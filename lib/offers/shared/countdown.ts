// Pure state machine (docs/product.md#one-time-offer). The start lives on the server, so the time
// left is derived from it: a reload or throttled tab cannot drift or restart it.

export const COUNTDOWN_SECONDS = 420;
export const RED_AT_SECONDS = 40;
export const PULSE_AT_SECONDS = 20;

export type CountdownState = {
  remaining: number;
  urgent: boolean;
  pulsing: boolean;
  finished: boolean;
};

export function countdownState(remaining: number): CountdownState {
  const r = Math.min(COUNTDOWN_SECONDS, Math.max(0, Math.floor(remaining)));
  return { remaining: r, urgent: r <= RED_AT_SECONDS, pulsing: r <= PULSE_AT_SECONDS, finished: r === 0 };
}

export const initialCountdown = (): CountdownState => countdownState(COUNTDOWN_SECONDS);

export function tick(state: CountdownState): CountdownState {
  return state.finished ? state : countdownState(state.remaining - 1);
}

/** Clock skew backwards counts as 0. */
export function remainingAfter(elapsedMs: number): number {
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / 1000)) : 0;
  return Math.max(0, COUNTDOWN_SECONDS - elapsed);
}

export function stateAfter(elapsedMs: number): CountdownState {
  return countdownState(remainingAfter(elapsedMs));
}

export function formatClock(remaining: number): string {
  const r = Math.max(0, Math.floor(remaining));
  return `${String(Math.floor(r / 60)).padStart(2, "0")}:${String(r % 60).padStart(2, "0")}`;
}

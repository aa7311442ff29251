// The one-time offer's countdown (spec §4, §9) as a pure state machine: 7 minutes, one tick per
// second, red at 40 s or fewer, also pulsing at 20 s or fewer, stopped at 0. The start instant
// lives on the server, so the remaining time is always derived from it rather than counted down
// in memory (a reload or a throttled background tab cannot drift or restart it).

export const COUNTDOWN_SECONDS = 420;
export const RED_AT_SECONDS = 40;
export const PULSE_AT_SECONDS = 20;

export type CountdownState = {
  remaining: number;
  /** Background turns red. */
  urgent: boolean;
  /** Timer also pulses. */
  pulsing: boolean;
  /** Stopped at 0: the "Time's Up!" dialog is open. */
  finished: boolean;
};

export function countdownState(remaining: number): CountdownState {
  const r = Math.min(COUNTDOWN_SECONDS, Math.max(0, Math.floor(remaining)));
  return { remaining: r, urgent: r <= RED_AT_SECONDS, pulsing: r <= PULSE_AT_SECONDS, finished: r === 0 };
}

export const initialCountdown = (): CountdownState => countdownState(COUNTDOWN_SECONDS);

/** One second later; a finished countdown stays finished. */
export function tick(state: CountdownState): CountdownState {
  return state.finished ? state : countdownState(state.remaining - 1);
}

/** Whole seconds left when `elapsedMs` have passed since the start. Clock skew backwards counts as 0. */
export function remainingAfter(elapsedMs: number): number {
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / 1000)) : 0;
  return Math.max(0, COUNTDOWN_SECONDS - elapsed);
}

export function stateAfter(elapsedMs: number): CountdownState {
  return countdownState(remainingAfter(elapsedMs));
}

/** "07:00", "00:40". */
export function formatClock(remaining: number): string {
  const r = Math.max(0, Math.floor(remaining));
  return `${String(Math.floor(r / 60)).padStart(2, "0")}:${String(r % 60).padStart(2, "0")}`;
}

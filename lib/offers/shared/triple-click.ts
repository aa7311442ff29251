// Pure: the caller keeps the state and supplies the click times.

export const TRIPLE_CLICK_WINDOW_MS = 500;

export type TripleClickState = { count: number; lastAt: number | null };
export const initialTripleClick: TripleClickState = { count: 0, lastAt: null };

export function registerClick(
  state: TripleClickState,
  at: number,
  windowMs = TRIPLE_CLICK_WINDOW_MS,
): { state: TripleClickState; triggered: boolean } {
  const chained = state.lastAt !== null && at - state.lastAt >= 0 && at - state.lastAt <= windowMs;
  const count = chained ? state.count + 1 : 1;
  if (count >= 3) return { state: initialTripleClick, triggered: true };
  return { state: { count, lastAt: at }, triggered: false };
}

// Seeking forward adds nothing; time watched again counts again (docs/product.md#one-time-offer).

export const ORDER_BOX_AFTER_SECONDS = 305;
/** timeupdate fires every 15-250 ms while playing; a larger jump is a seek. */
const MAX_STEP_SECONDS = 1.5;

export type PlayedTime = { played: number; position: number | null; seeking: boolean };
export const initialPlayedTime: PlayedTime = { played: 0, position: null, seeking: false };

export type PlaybackEvent =
  | { type: "play"; currentTime: number }
  | { type: "timeupdate"; currentTime: number; paused: boolean; playbackRate?: number }
  | { type: "seeking" }
  | { type: "seeked"; currentTime: number }
  | { type: "pause"; currentTime: number }
  | { type: "ended"; currentTime: number };

export function onPlayback(state: PlayedTime, event: PlaybackEvent): PlayedTime {
  switch (event.type) {
    case "seeking":
      return { ...state, seeking: true };
    case "seeked":
    case "play":
    case "pause":
    case "ended":
      return { ...state, seeking: false, position: event.currentTime };
    case "timeupdate": {
      if (state.seeking || event.paused || state.position === null) return { ...state, position: event.currentTime };
      const delta = event.currentTime - state.position;
      const maxStep = MAX_STEP_SECONDS * Math.max(1, event.playbackRate ?? 1);
      const counted = delta > 0 && delta <= maxStep ? delta : 0;
      return { ...state, played: state.played + counted, position: event.currentTime };
    }
  }
}

export function orderBoxVisible(state: PlayedTime, threshold = ORDER_BOX_AFTER_SECONDS): boolean {
  // 0.25 × 1220 is not exactly 305 in floating point.
  return state.played + 1e-6 >= threshold;
}

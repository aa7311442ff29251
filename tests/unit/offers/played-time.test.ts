import { describe, expect, it } from "vitest";
import {
  initialPlayedTime,
  onPlayback,
  orderBoxVisible,
  type PlaybackEvent,
  type PlayedTime,
} from "@/lib/offers/shared/played-time";

function play(state: PlayedTime, from: number, to: number, step = 0.25, playbackRate = 1): PlayedTime {
  let s = onPlayback(state, { type: "play", currentTime: from });
  for (let t = from + step; t <= to + 1e-9; t += step) {
    s = onPlayback(s, { type: "timeupdate", currentTime: t, paused: false, playbackRate });
  }
  return s;
}

const apply = (state: PlayedTime, events: PlaybackEvent[]) => events.reduce(onPlayback, state);

describe("played-time accumulator", () => {
  it("counts continuous playback", () => {
    const s = play(initialPlayedTime, 0, 60);
    expect(s.played).toBeCloseTo(60, 6);
  });

  it("shows the order box at 305 s played, not at 304 s", () => {
    const at304 = play(initialPlayedTime, 0, 304);
    expect(orderBoxVisible(at304)).toBe(false);
    const at305 = play(at304, 304, 305);
    expect(orderBoxVisible(at305)).toBe(true);
  });

  it("does not count seeking forward", () => {
    let s = play(initialPlayedTime, 0, 10);
    s = apply(s, [
      { type: "seeking" },
      { type: "timeupdate", currentTime: 300, paused: false },
      { type: "seeked", currentTime: 300 },
    ]);
    s = play(s, 300, 310);
    expect(s.played).toBeCloseTo(20, 6);
    expect(orderBoxVisible(s)).toBe(false);
  });

  it("treats a large jump without seek events as a seek", () => {
    let s = play(initialPlayedTime, 0, 5);
    s = onPlayback(s, { type: "timeupdate", currentTime: 320, paused: false });
    expect(s.played).toBeCloseTo(5, 6);
  });

  it("counts time watched again after seeking back", () => {
    let s = play(initialPlayedTime, 0, 100);
    s = apply(s, [{ type: "seeking" }, { type: "seeked", currentTime: 0 }]);
    s = play(s, 0, 100);
    expect(s.played).toBeCloseTo(200, 6);
  });

  it("ignores time while paused and honours faster playback rates", () => {
    let s = play(initialPlayedTime, 0, 10);
    s = apply(s, [
      { type: "pause", currentTime: 10 },
      { type: "timeupdate", currentTime: 10.2, paused: true },
    ]);
    expect(s.played).toBeCloseTo(10, 6);
    s = play(s, 10.2, 42.2, 2, 2);
    expect(s.played).toBeCloseTo(42, 6);
  });
});

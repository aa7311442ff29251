import { describe, expect, it } from "vitest";
import { initialTripleClick, registerClick, type TripleClickState } from "@/lib/offers/shared/triple-click";

function clicks(times: number[]): boolean[] {
  let state: TripleClickState = initialTripleClick;
  return times.map((at) => {
    const result = registerClick(state, at);
    state = result.state;
    return result.triggered;
  });
}

describe("triple-click detector", () => {
  it("triggers on the third click when each follows the previous within 500 ms", () => {
    expect(clicks([0, 300, 600])).toEqual([false, false, true]);
    expect(clicks([1000, 1500, 2000])).toEqual([false, false, true]);
  });

  it("measures each gap from the previous click, not from the first", () => {
    // 900 ms from first to third, but each step is within the window.
    expect(clicks([0, 450, 900])).toEqual([false, false, true]);
  });

  it("starts over after a gap longer than 500 ms", () => {
    expect(clicks([0, 400, 901, 1300, 1700])).toEqual([false, false, false, false, true]);
    expect(clicks([0, 501, 1002])).toEqual([false, false, false]);
  });

  it("resets after triggering, so a fourth click does not trigger again", () => {
    expect(clicks([0, 100, 200, 300, 400])).toEqual([false, false, true, false, false]);
    expect(clicks([0, 100, 200, 300, 400, 500])).toEqual([false, false, true, false, false, true]);
  });

  it("does not chain a click with an earlier timestamp (clock went backwards)", () => {
    expect(clicks([1000, 900, 1000])).toEqual([false, false, false]);
  });
});

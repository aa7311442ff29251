// The peeking promise, measured: 2,000 simulated experiments per scenario at 500 visitors per arm
// per day, the verdict looked at every day for 30 days. A/A runs must call a (false) winner in at
// most 5 % of runs; A/B runs at a realistic lift must find the better arm. README "Split tests →
// The statistics" quotes these figures (npm run sim:experiments prints them all).

import { describe, expect, it } from "vitest";
import { SIMULATION_SCENARIOS } from "@/lib/experiments/shared/stats/simulation-scenarios";
import { binomial, seededRng, simulate } from "@/lib/experiments/shared/stats/simulate";

const FALSE_WINNER_PROMISE = 0.05;

const scenario = (name: string, truth: string) => {
  const found = SIMULATION_SCENARIOS.find((s) => s.name === name && s.truth === truth);
  if (!found) throw new Error(`no scenario ${name} ${truth}`);
  return found.scenario;
};

describe("split-test simulation", () => {
  it("draws binomials with the right mean (seeded, reproducible)", () => {
    const rng = seededRng(7);
    let total = 0;
    for (let i = 0; i < 2000; i++) total += binomial(rng, 500, 0.03);
    expect(total / 2000).toBeGreaterThan(14.7);
    expect(total / 2000).toBeLessThan(15.3);
    expect(binomial(seededRng(1), 100, 0.9)).toBe(binomial(seededRng(1), 100, 0.9));
  });

  it.each([
    ["A/A", "3 % vs 3 %"],
    ["A/A", "1 % vs 1 %"],
    ["A/A", "$7 / $297 mix"],
    // The one-time offer has three variants: the per-comparison correction must keep the promise.
    ["A/A/A", "3 % × 3"],
  ])(
    `%s at %s: a false winner in at most 5 percent of 2,000 runs under 30 daily looks`,
    (name, truth) => {
      const result = simulate(scenario(name, truth));
      expect(result.anyWinner).toBeLessThanOrEqual(FALSE_WINNER_PROMISE);
    },
    60_000,
  );

  it("A/B +30 % on a 3 % opt-in: the variant is found in at least 90 % of runs, the control never", () => {
    const result = simulate(scenario("A/B +30 %", "3 % vs 3.9 %"));
    expect(result.winnerShare[1]).toBeGreaterThanOrEqual(0.9);
    expect(result.winnerShare[0]).toBeLessThanOrEqual(0.005);
  }, 60_000);

  it("A/B +50 % on a 1 % paid conversion: the variant is found in at least 85 % of runs", () => {
    const result = simulate(scenario("A/B +50 %", "1 % vs 1.5 %"));
    expect(result.winnerShare[1]).toBeGreaterThanOrEqual(0.85);
  }, 60_000);
});

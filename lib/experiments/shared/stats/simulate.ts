// Seeded, deterministic simulation of daily-peeked split tests: false-winner rate (A/A) and power (A/B).

import type { ArmTotals } from "@/lib/experiments/shared/experiment-analysis";
import type { Metric } from "@/lib/experiments/shared/surfaces";
import { analyzeExperiment } from "@/lib/experiments/shared/stats/analyze-experiment";

export type Rng = () => number;

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Geometric jumps between successes: exact and fast for small rates. */
export function binomial(rng: Rng, n: number, p: number): number {
  if (p <= 0 || n <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const logQ = Math.log1p(-p);
  let count = 0;
  let position = 0;
  for (;;) {
    position += Math.floor(Math.log(1 - rng()) / logQ) + 1;
    if (position > n) return count;
    count += 1;
  }
}

export type ArmTruth =
  | { kind: "rate"; rate: number }
  | { kind: "revenue"; purchases: { rate: number; cents: number; refundRate: number }[] };

export type Scenario = {
  metric: Metric;
  arms: ArmTruth[];
  visitorsPerArmPerDay: number;
  days: number;
  runs: number;
  seed: number;
};

export type SimulationResult = {
  anyWinner: number;
  winnerShare: number[];
  noDifferenceAtEnd: number;
  medianDayToWinner: number;
};

function drawDay(rng: Rng, truth: ArmTruth, visitors: number, totals: ArmTotals): void {
  totals.visitors += visitors;
  if (truth.kind === "rate") {
    totals.conversions += binomial(rng, visitors, truth.rate);
    return;
  }
  let remaining = visitors;
  for (const purchase of truth.purchases) {
    const buyers = binomial(rng, remaining, purchase.rate);
    remaining -= buyers;
    const refunded = binomial(rng, buyers, purchase.refundRate);
    const kept = buyers - refunded;
    totals.conversions += buyers;
    totals.revenueSum += kept * purchase.cents;
    totals.revenueSumSquares += kept * purchase.cents * purchase.cents;
  }
}

export function simulate(scenario: Scenario): SimulationResult {
  const rng = seededRng(scenario.seed);
  const winnerCounts = scenario.arms.map(() => 0);
  const daysToWinner: number[] = [];
  let noDifference = 0;
  for (let run = 0; run < scenario.runs; run++) {
    const totals: ArmTotals[] = scenario.arms.map((_, i) => ({
      key: `arm${i}`,
      weight: 1,
      visitors: 0,
      conversions: 0,
      revenueSum: 0,
      revenueSumSquares: 0,
    }));
    for (let day = 1; day <= scenario.days; day++) {
      scenario.arms.forEach((truth, i) => {
        const arm = totals[i];
        if (arm) drawDay(rng, truth, scenario.visitorsPerArmPerDay, arm);
      });
      const { verdict } = analyzeExperiment({ metric: scenario.metric, arms: totals });
      if (verdict.kind === "winner") {
        const index = totals.findIndex((a) => a.key === verdict.winner);
        winnerCounts[index] = (winnerCounts[index] ?? 0) + 1;
        daysToWinner.push(day);
        break;
      }
      if (day === scenario.days && verdict.kind === "no_difference") noDifference += 1;
    }
  }
  daysToWinner.sort((a, b) => a - b);
  return {
    anyWinner: daysToWinner.length / scenario.runs,
    winnerShare: winnerCounts.map((c) => c / scenario.runs),
    noDifferenceAtEnd: noDifference / scenario.runs,
    medianDayToWinner: daysToWinner[Math.floor(daysToWinner.length / 2)] ?? 0,
  };
}

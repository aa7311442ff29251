// The scenarios docs/benchmarks.md quotes and the unit test asserts.

import type { ArmTruth, Scenario } from "@/lib/experiments/shared/stats/simulate";

export type NamedScenario = {
  name: string;
  truth: string;
  scenario: Scenario;
  rightWinner: number | null;
};

const rate = (r: number): ArmTruth => ({ kind: "rate", rate: r });

const revenue = (lift: number): ArmTruth => ({
  kind: "revenue",
  purchases: [
    { rate: 0.01 * lift, cents: 700, refundRate: 0.05 },
    { rate: 0.002 * lift, cents: 29_700, refundRate: 0.1 },
  ],
});

const run = { visitorsPerArmPerDay: 500, days: 30, runs: 2000 };

export const SIMULATION_SCENARIOS: readonly NamedScenario[] = [
  {
    name: "A/A",
    truth: "3 % vs 3 %",
    rightWinner: null,
    scenario: { ...run, metric: "opt_in", arms: [rate(0.03), rate(0.03)], seed: 11 },
  },
  {
    name: "A/A",
    truth: "1 % vs 1 %",
    rightWinner: null,
    scenario: { ...run, metric: "paid", arms: [rate(0.01), rate(0.01)], seed: 12 },
  },
  {
    name: "A/A/A",
    truth: "3 % × 3",
    rightWinner: null,
    scenario: { ...run, metric: "opt_in", arms: [rate(0.03), rate(0.03), rate(0.03)], seed: 13 },
  },
  {
    name: "A/A",
    truth: "$7 / $297 mix",
    rightWinner: null,
    scenario: { ...run, metric: "revenue", arms: [revenue(1), revenue(1)], seed: 14 },
  },
  {
    name: "A/B +20 %",
    truth: "3 % vs 3.6 %",
    rightWinner: 1,
    scenario: { ...run, metric: "opt_in", arms: [rate(0.03), rate(0.036)], seed: 21 },
  },
  {
    name: "A/B +30 %",
    truth: "3 % vs 3.9 %",
    rightWinner: 1,
    scenario: { ...run, metric: "opt_in", arms: [rate(0.03), rate(0.039)], seed: 22 },
  },
  {
    name: "A/B +30 %",
    truth: "1 % vs 1.3 %",
    rightWinner: 1,
    scenario: { ...run, metric: "paid", arms: [rate(0.01), rate(0.013)], seed: 23 },
  },
  {
    name: "A/B +50 %",
    truth: "1 % vs 1.5 %",
    rightWinner: 1,
    scenario: { ...run, metric: "paid", arms: [rate(0.01), rate(0.015)], seed: 24 },
  },
  {
    name: "A/B −30 %",
    truth: "3 % vs 2.1 %",
    rightWinner: 0,
    scenario: { ...run, metric: "opt_in", arms: [rate(0.03), rate(0.021)], seed: 25 },
  },
  {
    name: "A/B +50 %",
    truth: "$7 / $297 mix × 1.5",
    rightWinner: 1,
    scenario: { ...run, metric: "revenue", arms: [revenue(1), revenue(1.5)], seed: 26 },
  },
];

// npm run sim:experiments: the figures docs/benchmarks.md quotes.

import { SIMULATION_SCENARIOS } from "@/lib/experiments/shared/stats/simulation-scenarios";
import { simulate } from "@/lib/experiments/shared/stats/simulate";

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

console.log(
  "| Scenario | Metric | Arms (truth) | Visitors/arm/day × days | Runs | Any winner | Right winner | No difference at day 30 | Median day of winner | Time |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const { name, truth, scenario, rightWinner } of SIMULATION_SCENARIOS) {
  const started = performance.now();
  const result = simulate(scenario);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const right = rightWinner === null ? "—" : pct(result.winnerShare[rightWinner] ?? 0);
  console.log(
    `| ${name} | ${scenario.metric} | ${truth} | ${scenario.visitorsPerArmPerDay} × ${scenario.days} | ${scenario.runs} | ${pct(result.anyWinner)} | ${right} | ${pct(result.noDifferenceAtEnd)} | ${result.medianDayToWinner || "—"} | ${seconds} s |`,
  );
}

import { existsSync, readFileSync } from "node:fs";

const files = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
for (const file of files) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky.push(...flakyTests(report.suites ?? []));
  } else {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
for (const title of flaky) console.log(`Flaky (passed on retry): ${title}`);
console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

function flakyTests(suites, parents = []) {
  const titles = [];
  for (const suite of suites) {
    const path = suite.title ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        if (run.status === "flaky") titles.push(`[${run.projectName}] ${[...path, spec.title].join(" › ")}`);
      }
    }
    titles.push(...flakyTests(suite.suites ?? [], path));
  }
  return titles;
}

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe on the page as it is now: the serious and critical violations, one line each naming the rule
// and where ("color-contrast: main > p"), so a failure says what to fix. `tags` narrows the rules
// (e.g. WCAG 2 A and AA only); without them every rule axe has runs.

export const WCAG_A_AA = ["wcag2a", "wcag2aa"];

export async function seriousViolations(page: Page, tags?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { registerVisitor } from "./helpers/funnel";

// Accessibility of the offer and scheduling pages: no serious or critical WCAG 2 A/AA violations.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the offer, strategy-call and schedule-call pages have no serious accessibility violations", async ({ page }) => {
  await page.route("https://calendly.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><html lang=en><title>Booking</title><p>Calendar</p></html>",
    }),
  );
  await registerVisitor(page);
  for (const path of [
    "/oto-realtime-ai-academy?variant=countdown",
    "/oto-realtime-ai-academy?variant=add-to-order",
    "/oto-realtime-ai-academy?variant=team",
    "/schedule-call",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto("/strategy-call");
  await page.getByRole("button", { name: "Schedule a free AI strategy call" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page), "/strategy-call with the phone modal").toEqual([]);
});

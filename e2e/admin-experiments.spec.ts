import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { queryOn } from "./helpers/funnel";
import { claimOfferSurface, seedOfferExperiment } from "./helpers/offer-experiment";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { shot } from "./helpers/screenshots";
import { STRIPE_MODE_PORT, STRIPE_MODE_URL } from "./ports";

// The console's experiments, as an operator sees them: the results page of an offer experiment shows
// the seeded numbers and a preview link per variant, stopping rolls a variant out and the list shows
// it stopped, and a new experiment is made through the form, edited and deleted.
//
// A running experiment changes pages for every spec on its server, so this runs on the
// Stripe-mode server, whose specs never open the offer page (e2e/experiments.spec.ts runs a
// landing experiment there), and on the offer surface. Only one experiment may run per surface:
// the desktop project seeds a RUNNING one and stops it; the mobile project, in parallel, seeds
// the same numbers as an already STOPPED one (its results page is the same) and checks the
// layout at 390 px. Both roll out countdown, the configured default, so the offer page of that
// server looks as before. The desktop run holds the offer surface while its experiment runs, so
// e2e/admin-walk.spec.ts's does not stop it. The seeded numbers are in helpers/offer-experiment.ts.

// 4 visitors a variant and 3 buyers are below the minimum-sample guard (its thresholds live in
// lib/experiments/shared/stats/thresholds.ts; the pattern does not repeat them): no verdict and no
// chance to beat the control, and a stopped test says Stopped, never "keep running".
const SHORT = "4 of [\\d,]+ visitors per variant and 3 of [\\d,]+ buyers\\.";
const VERDICT = new RegExp(`Not enough visitors yet: ${SHORT}`);
const STOPPED = new RegExp(`Stopped before the minimum sample: ${SHORT}`);

const db = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  queryOn<T>(STRIPE_MODE_PORT, sql, params);

async function expectRow(page: Page, variant: string, cells: Record<string, string>) {
  const row = page.getByTestId(`variant-${variant}`);
  for (const [testId, text] of Object.entries(cells)) await expect(row.getByTestId(testId)).toHaveText(text);
}

test.use({ baseURL: STRIPE_MODE_URL });

let releaseSurface: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await releaseSurface?.();
  releaseSurface = null;
});

test(
  "the results page shows the seeded numbers; stopping rolls a variant out; a draft made, edited and deleted",
  { tag: "@viewport" },
  async ({ page, consoleOperator }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const running = project === "desktop";
    const key = `e2e-offer-${project}-${randomUUID().slice(0, 8)}`;
    if (running) releaseSurface = await claimOfferSurface();
    const id = await seedOfferExperiment(key, running);

    await consoleOperator.signIn(page, STRIPE_MODE_PORT);
    await page.getByRole("link", { name: "Experiments" }).click();
    await expect(page.getByRole("heading", { name: "Experiments", level: 1 })).toBeVisible();
    const listed = page.getByTestId("experiment-row").filter({ hasText: key });
    await expect(listed.getByTestId("experiment-status")).toHaveText(running ? "running" : "stopped");
    await expect(listed.getByTestId("experiment-visitors")).toHaveText("8");
    await listed.getByRole("link", { name: key }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/experiments/${id}$`));
    await waitForHydration(page);

    await expect(page.getByRole("heading", { name: key })).toBeVisible();
    await expectRow(page, "countdown", {
      visitors: "4",
      "step-checkout": "2 (50.0 %)",
      "step-paid": "1 (25.0 %)",
      "net-revenue": "$197",
      "revenue-per-visitor": "$49.25",
    });
    await expectRow(page, "team", {
      visitors: "4",
      "step-checkout": "3 (75.0 %)",
      "step-paid": "2 (50.0 %)",
      "net-revenue": "$200",
      "revenue-per-visitor": "$50",
    });
    // The offer's visitors had all opted in already: those steps are not shown.
    await expect(page.getByTestId("step-opt_in")).toHaveCount(0);
    await expect(page.getByTestId("srm")).toContainText("the split of visitors matches the weights");
    await expect(page.getByTestId("verdict")).toContainText(running ? VERDICT : STOPPED);
    await expect(page.getByTestId("verdict")).not.toContainText("Keep running");
    await expect(page.getByTestId("analysis-team").getByTestId("chance-to-beat")).toHaveText("—");
    await expect(page.getByTestId("minimum-sample")).toBeVisible();
    // The posterior per day, named in words: Beta(1 + 1, 1 + 3) and Beta(1 + 2, 1 + 2) on the last day.
    const posterior = page.getByRole("img", { name: /Paid conversion per variant by day/ });
    await expect(posterior).toBeVisible();
    await expect(posterior).toHaveAccessibleName(
      /countdown \(control\) 33\.3 %, 95 % interval [\d.]+ % to [\d.]+ %, 1 of 4 visitors; team 50\.0 %, 95 % interval [\d.]+ % to [\d.]+ %, 2 of 4 visitors\. The minimum sample for a verdict is not reached yet\./,
    );
    const perDay = page.getByTestId("posterior-table");
    await page.locator("details", { has: perDay }).getByText("Show as table").click();
    await expect(perDay.locator("tbody tr").last().locator('[data-variant="team"]')).toContainText("50.0 %");
    // A preview per variant: the offer's ?variant=, which records no exposure.
    const preview = page.getByTestId("variant-line-team").getByRole("link", { name: "Preview team" });
    await expect(preview).toHaveAttribute("href", "/oto-realtime-ai-academy?variant=team");
    await expectNoHorizontalOverflow(page);
    await shot(page, `experiment-results-${project}`);

    if (running) {
      const opened = await page.context().newPage();
      await opened.goto("/oto-realtime-ai-academy?variant=team");
      await opened.close();
      // No winner with 4 visitors a variant: the stop form offers the control.
      const stop = page.getByRole("form", { name: "Stop experiment" });
      await expect(stop.getByLabel("Roll out")).toHaveValue("countdown");
      page.once("dialog", (dialog) => void dialog.accept());
      await stop.getByRole("button", { name: "Stop and roll out" }).click();
      await expect(page.getByTestId("rolled-out")).toHaveText("rolled out: countdown");
      await expect(page.getByTestId("experiment-status")).toHaveText("stopped");
      await expect(page.getByTestId("verdict")).toContainText(STOPPED);
      // Opening a preview while the test ran on this server recorded nothing.
      const exposures = await db<{ n: number }>(
        "SELECT count(*)::int AS n FROM experiment_exposures WHERE experiment_id = $1",
        [id],
      );
      expect(exposures[0]?.n).toBe(8);
      await page.getByRole("link", { name: "← Experiments" }).click();
      const row = page.getByTestId("experiment-row").filter({ hasText: key });
      await expect(row.getByTestId("experiment-status")).toHaveText("stopped");
      await expect(row).toContainText("→ countdown");
    } else {
      await expect(page.getByRole("form", { name: "Stop experiment" })).toHaveCount(0);
      await page.getByRole("link", { name: "← Experiments" }).click();
    }

    // A new experiment through the form: a draft of the offer, team weighted twice. The add-to-order
    // offer bills the $7 book, so it cannot be ticked for the offer's free-book readers.
    const newKey = `e2e-new-${project}-${randomUUID().slice(0, 8)}`;
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "New experiment" });
    await form.getByLabel("Key").fill(newKey);
    await form.getByLabel("Surface").selectOption("offer");
    await expect(form.getByRole("checkbox", { name: "add-to-order" })).toBeDisabled();
    await expect(form.getByRole("checkbox", { name: "add-to-order" })).not.toBeChecked();
    await expect(form.getByTestId("audience-add-to-order")).toHaveText(
      "Only for $7 book buyers: not this page's visitors.",
    );
    await form.getByLabel("Weight of team").fill("2");
    await form.getByLabel("Primary metric").selectOption("paid");
    await shot(page, `experiment-create-${project}`);
    await expectNoHorizontalOverflow(page);
    await form.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByRole("heading", { name: newKey })).toBeVisible();
    await expect(page.getByTestId("experiment-status")).toHaveText("draft");
    await expect(page.getByTestId("variant-line-countdown")).toContainText("countdown (control) 33 %");
    await expect(page.getByTestId("variant-line-team")).toContainText("team 67 %");
    await expect(page.getByText("Paid conversion").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Start experiment" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("experiment-status")).toHaveText("draft");

    // The draft is edited in place, then deleted.
    await waitForHydration(page);
    const edit = page.getByRole("form", { name: "Edit draft" });
    await expect(edit.getByLabel("Key")).toHaveValue(newKey);
    await edit.getByLabel("Weight of team").fill("3");
    await edit.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("variant-line-team")).toContainText("team 75 %");
    await shot(page, `experiment-draft-${project}`);
    await expectNoHorizontalOverflow(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete draft" }).click();
    await expect(page.getByRole("heading", { name: "Experiments", level: 1 })).toBeVisible();
    await expect(page.getByTestId("experiment-row").filter({ hasText: newKey })).toHaveCount(0);
  },
);

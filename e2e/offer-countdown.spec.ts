import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { query, registerVisitor } from "./helpers/funnel";

// The one-time offer's countdown variants, with Playwright's clock standing in for the 7 minutes.

/**
 * Fake time for the page, paused before it loads: the countdown moves only when the test runs the
 * clock, so a slow machine's real seconds never add to the time the test lets pass.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  // Paused a little ahead: the installed clock already runs, and cannot be paused in its past.
  await page.clock.pauseAt(now + 10_000);
}

test("without a registered visitor the offer asks for user information and links back", async ({ page }) => {
  await page.goto("/oto-realtime-ai-academy");
  await expect(page.getByRole("heading", { name: "User information is required." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("timer")).toHaveCount(0);
});

test("the countdown turns red at 40 s, pulses at 20 s and ends in a Time's Up! dialog whose YES goes to checkout", async ({
  page,
}) => {
  await pauseClock(page);
  const visitor = await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=countdown");
  const bar = page.locator("[data-countdown]");
  const timer = page.getByRole("timer");
  await expect(bar).toHaveAttribute("data-synced", "true");
  await expect(timer).toHaveText("07:00");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Have it working in your business");
  await expect(page.getByText("Today only: $497")).toBeVisible();
  await expect(page.getByText("You save $3,500", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "BONUS: the 72-Hour Cash Machine" })).toBeVisible();
  await expect(page.getByText("200 spots · 173 claimed · 27 left")).toBeVisible();

  await page.clock.runFor(379_000);
  await expect(timer).toHaveText("00:41");
  await expect(bar).toHaveAttribute("data-countdown", "calm");
  await page.clock.runFor(1_000);
  await expect(timer).toHaveText("00:40");
  await expect(bar).toHaveAttribute("data-countdown", "urgent");
  await expect(bar).toHaveClass(/bg-red-600/);
  await expect(timer).not.toHaveClass(/animate-pulse/);
  await page.clock.runFor(20_000);
  await expect(timer).toHaveText("00:20");
  await expect(bar).toHaveAttribute("data-countdown", "pulsing");
  await expect(timer).toHaveClass(/animate-pulse/);

  const dialog = page.getByRole("dialog", { name: "Time's Up!" });
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(20_000);
  await expect(timer).toHaveText("00:00");
  await expect(dialog).toBeVisible();
  // Neither an outside click nor Escape closes it; the timer stays stopped.
  await page.mouse.click(3, 3);
  await page.keyboard.press("Escape");
  await page.clock.runFor(5_000);
  await expect(dialog).toBeVisible();
  await expect(timer).toHaveText("00:00");

  // The clock stands still: the celebration lasts until the test lets the 500 ms to checkout pass.
  await dialog.getByRole("button", { name: "YES! Hold My Spot" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-confetti", "on");
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy\?variant=countdown$/);
  await page.clock.runFor(500);
  await expect(page).toHaveURL(/\/checkout\?product=ai-step-by-step$/);
  await expect(page.locator("html")).not.toHaveAttribute("data-confetti", "on");

  const [session] = await query<{ offer_variant: string; countdown_started_at: Date | null }>(
    "SELECT offer_variant, countdown_started_at FROM funnel_sessions WHERE id = $1",
    [visitor.contactId],
  );
  expect(session?.offer_variant).toBe("countdown");
  expect(session?.countdown_started_at).toBeInstanceOf(Date);
});

test("a reload three minutes in continues the countdown instead of restarting it", async ({ page }) => {
  await pauseClock(page);
  const visitor = await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy");
  await expect(page.locator("[data-countdown]")).toHaveAttribute("data-synced", "true");
  await page.clock.runFor(180_000);
  await expect(page.getByRole("timer")).toHaveText("04:00");

  // The fake clock moved only the browser; move the server-side start back by the same 3 minutes.
  await query(
    "UPDATE funnel_sessions SET countdown_started_at = countdown_started_at - interval '180 seconds' WHERE id = $1",
    [visitor.contactId],
  );
  await page.reload();
  await expect(page.locator("[data-countdown]")).toHaveAttribute("data-synced", "true");
  const shown = (await page.getByRole("timer").textContent()) ?? "";
  const [m, s] = shown.split(":").map(Number);
  const remaining = (m ?? 0) * 60 + (s ?? 0);
  expect(remaining).toBeGreaterThanOrEqual(230);
  expect(remaining).toBeLessThanOrEqual(240);
});

/** Records the path on which each <canvas> was added to the document (canvas-confetti adds one). */
async function recordCanvases(page: Page) {
  await page.addInitScript(() => {
    const added: string[] = [];
    Object.assign(window, { __canvasesAdded: added });
    // Observes the document itself: init scripts run before <html> exists.
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLCanvasElement) added.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __canvasesAdded: string[] }).__canvasesAdded);
}

test("the confetti ends when the offer hands over to checkout: no canvas over the form", async ({ page }) => {
  const canvasesAdded = await recordCanvases(page);
  await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=countdown");
  await page.getByRole("button", { name: "Yes! Give Me AI Step By Step For $497" }).first().click();
  await expect(page).toHaveURL(/\/checkout\?product=ai-step-by-step$/);
  // Same document (a client-side navigation), and the confetti did fall on the offer.
  expect(await canvasesAdded()).toContain("/oto-realtime-ai-academy");
  await expect(page.locator("canvas")).toHaveCount(0, { timeout: 1_000 });
  await expect(page.locator("html")).not.toHaveAttribute("data-confetti", "on");
  // Well inside the 5 s the bursts would have lasted, none starts again over the checkout.
  await page.waitForTimeout(2_000);
  await expect(page.locator("canvas")).toHaveCount(0);
  expect((await canvasesAdded()).filter((path) => path !== "/oto-realtime-ai-academy")).toEqual([]);
  await expect(page.getByLabel("Email")).toBeVisible();
});

test("reduced motion skips the confetti but still navigates; confetti-only buttons stay on the page", async ({
  page,
}) => {
  const canvasesAdded = await recordCanvases(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=countdown");
  // A confetti-only button celebrates with nothing at all.
  await page.getByRole("button", { name: /ready to stop reading and start building/ }).click();
  await page.waitForTimeout(800);
  expect(await canvasesAdded()).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-confetti", "on");
  await page.getByRole("button", { name: "Yes! Give Me AI Step By Step For $497" }).first().click();
  await expect(page).toHaveURL(/\/checkout\?product=ai-step-by-step$/);
  expect(await canvasesAdded()).toEqual([]);
  await expect(page.locator("body > canvas")).toHaveCount(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-confetti", "on");

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/oto-realtime-ai-academy");
  await page.getByRole("button", { name: /ready to stop reading and start building/ }).click();
  await expect(page.locator("html")).toHaveAttribute("data-confetti", "on");
  await expect(page.locator("body > canvas")).toHaveCount(1); // canvas-confetti's overlay
  expect(await canvasesAdded()).toEqual(["/oto-realtime-ai-academy"]); // the recorder sees it
  await page.waitForTimeout(800);
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy$/);
  // Leaving by another way (the header's logo, a client-side navigation) ends it as well.
  await page.getByRole("banner").getByRole("link", { name: "Fast Forward", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("canvas")).toHaveCount(0, { timeout: 1_000 });
});

test("the add-to-order variant carries the visitor's choice into checkout", async ({ page }) => {
  const visitor = await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=add-to-order");
  // The page states the whole order before the visitor commits, and checkout charges exactly that.
  await expect(
    page.getByText("Your order: the Fast Forward book ($7) + AI Step By Step ($497) = $504 today.").first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Yes! Add AI Step By Step To My Order For $497" }).first().click();
  await expect(page).toHaveURL(/\/checkout\?product=fast-forward-book&upsell=true$/);
  await expect(page.getByTestId("order-total")).toHaveText("$504");

  await page.goto("/oto-realtime-ai-academy?variant=add-to-order");
  await page.getByRole("button", { name: "No thanks — just the $7 book, without the course" }).first().click();
  await expect(page).toHaveURL(/\/checkout\?product=fast-forward-book&upsell=false$/);
  await expect(page.getByTestId("order-total")).toHaveText("$7");
  await expect(page.getByText("(added to your order)")).toHaveCount(0);

  const [session] = await query<{ offer_variant: string }>("SELECT offer_variant FROM funnel_sessions WHERE id = $1", [
    visitor.contactId,
  ]);
  expect(session?.offer_variant).toBe("add-to-order");
});

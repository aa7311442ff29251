import { expect, test } from "./test";
import { seriousViolations, WCAG_A_AA } from "./helpers/axe";
import { registerVisitor } from "./helpers/funnel";
import { bookingMails, freeSlotStart, giveConsent, manageLinkIn, pickSlot, slotIndex } from "./helpers/booking";

// Accessibility of the offer and scheduling pages: no serious or critical WCAG 2 A/AA violations,
// at both widths (what axe sees changes with the layout).

// One test a page, so each analysis has its own time budget and a failure names its page.
for (const path of [
  "/oto-realtime-ai-academy?variant=countdown",
  "/oto-realtime-ai-academy?variant=add-to-order",
  "/oto-realtime-ai-academy?variant=team",
  "/schedule-call",
]) {
  test(`${path} has no serious accessibility violations`, { tag: "@viewport" }, async ({ page }) => {
    await registerVisitor(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA)).toEqual([]);
  });
}

test(
  "/strategy-call with its phone modal open has no serious accessibility violations",
  { tag: "@viewport" },
  async ({ page }) => {
    await registerVisitor(page);
    await page.goto("/strategy-call");
    await page.getByRole("button", { name: "Schedule a free AI strategy call" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA)).toEqual([]);
  },
);

test(
  "the built-in booking calendar has no serious accessibility violations at any step",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    // Seven axe analyses, the calendar's with its day and time buttons among them: 84 s run alone
    // while a CI run shared the 2-core machine (2026-11-24), past the default budget.
    test.setTimeout(150_000);
    const visitor = await registerVisitor(page);
    await page.goto("/schedule-call");
    await expect(page.getByRole("heading", { name: "First, your mobile number" })).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call: phone step").toEqual([]);

    await giveConsent(page);
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call: days and times").toEqual([]);
    await pickSlot(page, await freeSlotStart(page, slotIndex(testInfo, 120)));
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call: confirm").toEqual([]);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("heading", { name: "You're booked!" })).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call: booked").toEqual([]);

    await page.goto(manageLinkIn((await bookingMails(visitor.email, 1))[0]!));
    await expect(page.getByRole("heading", { name: "Your call", exact: true })).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call/manage").toEqual([]);
    await page.getByRole("button", { name: "Move to another time" }).click();
    await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call/manage: move").toEqual([]);
    await page.goto("/schedule-call/manage?token=not-a-token");
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA), "/schedule-call/manage: invalid link").toEqual([]);
  },
);

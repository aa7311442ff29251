import { randomUUID } from "node:crypto";
import { expect, test, waitForHydration } from "./test";
import { buySeats } from "./helpers/checkout";
import { runAsServer } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { openHydrated, signInToBilling } from "./helpers/billing";
import { PORT } from "./ports";

// A seat buyer helps themselves on the billing page: cancels at period end and resumes, each seen
// again after a reload; a buyer whose renewal failed opens the card-update link, enters a card
// that pays and sees the subscription active. Both pages are measured for sideways scroll.

test(
  "a seat buyer cancels at period end and resumes from the billing page",
  { tag: "@viewport" },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const email = `self-serve-${testInfo.project.name}-${randomUUID()}@example.com`;
    await buySeats(browser, 3, email);
    await signInToBilling(page, email);
    const card = page.getByRole("list", { name: "Your subscriptions" }).locator("> li");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("3 seats");
    await expect(card.getByTestId("subscription-status")).toHaveText("active");
    await expect(card.getByTestId("subscription-renewal")).toContainText(/Renews .* for \$1,500/);
    await expect(card).toContainText("Card ending 4242");
    await expectNoHorizontalOverflow(page, "billing page with a subscription");

    await card.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(card.getByTestId("subscription-renewal")).toContainText("it will not renew");
    await page.reload();
    await waitForHydration(page);
    await expect(card.getByTestId("subscription-status")).toHaveText("ending");
    await expect(card.getByTestId("subscription-renewal")).toContainText("it will not renew");

    await card.getByRole("button", { name: "Keep my subscription" }).click();
    await expect(card.getByTestId("subscription-renewal")).toContainText("Renews");
    await page.reload();
    await waitForHydration(page);
    await expect(card.getByTestId("subscription-status")).toHaveText("active");
    await expect(card.getByRole("button", { name: "Cancel at the end of the period" })).toBeVisible();
  },
);

test(
  "a buyer whose renewal failed updates the card from the e-mailed link",
  { tag: "@viewport" },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const email = `card-link-${testInfo.project.name}-${randomUUID()}@example.com`;
    const orderId = await buySeats(browser, 2, email, "4000 0000 0000 0341");
    const link = runAsServer(PORT, "tests/support/past-due-card-link.ts", [orderId]).trim().split("\n").at(-1)!;
    await openHydrated(page, link);
    await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
    await expect(page.getByTestId("subscription-status")).toHaveText("payment overdue");
    await expect(page.getByText(/A renewal of \$1,000 could not be charged/)).toBeVisible();
    await expectNoHorizontalOverflow(page, "card-update link page");

    // Opening the page changed nothing: a declined card is refused, then a good one pays.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Save card" }).click();
    const form = page.getByRole("form", { name: "Update card" });
    await expect(form.getByRole("alert")).toHaveText("Your card was declined.");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(form.getByRole("status")).toContainText("your subscription is active");
    await page.reload();
    await expect(page.getByTestId("subscription-status")).toHaveText("active");
  },
);

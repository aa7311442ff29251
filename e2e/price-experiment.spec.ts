import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { declineOffers, fillCard } from "./helpers/checkout";
import { queryOn } from "./helpers/funnel";
import { TEST_PURCHASES_PORT, TEST_PURCHASES_URL } from "./ports";

// A price test of the book, as an operator runs it: drafted with two prices in cents and started in
// the console, and a visitor who opens the second variant's preview link sees that price at
// checkout and is charged it. On the test-purchases server, whose other specs never buy the book;
// the test is stopped again at the end, rolling out the catalog's own price. The book's sales page,
// cached, shows each visitor the price their variant is charged (docs/decisions/0039).

test.use({ baseURL: TEST_PURCHASES_URL });

/**
 * A visitor put in `variant` as the assignment would: their first visit of /paid records their
 * exposure, which is then set to the variant wanted (the stored exposure decides from then on).
 * Reads /paid after a reload and in a second tab, then the checkout its button leads to.
 */
async function visitorSees(browser: Browser, experimentKey: string, variant: string, price: string) {
  const context = await browser.newContext({ baseURL: TEST_PURCHASES_URL });
  try {
    const page = await context.newPage();
    await page.goto("/paid");
    const cookie = (await context.cookies()).find((c) => c.name === "ff_browser");
    const browserId = decodeURIComponent(cookie!.value).split(".")[0]!;
    const forced = await queryOn(
      TEST_PURCHASES_PORT,
      `UPDATE experiment_exposures SET variant = $3
        WHERE browser_id = $2 AND experiment_id = (SELECT id FROM experiments WHERE key = $1) RETURNING variant`,
      [experimentKey, browserId, variant],
    );
    expect(forced).toEqual([{ variant }]);
    await page.reload();
    await expect(page.getByRole("link", { name: `Buy for ${price}` })).toBeVisible();
    await expect(page.getByText(`${price} today`).first()).toBeVisible();
    const tab = await context.newPage();
    await tab.goto("/paid");
    await expect(tab.getByRole("link", { name: `Buy for ${price}` })).toBeVisible();
    await tab.close();
    await waitForHydration(page);
    await page.getByRole("link", { name: `Buy for ${price}` }).click();
    await expect(page).toHaveURL(/\/checkout\?product=fast-forward-book/);
    await expect(page.getByTestId("order-total")).toContainText(price);
  } finally {
    await context.close();
  }
}

test("an operator starts a price test; a visitor in the second variant sees and pays its price", async ({
  page,
  browser,
  consoleOperator,
}) => {
  test.setTimeout(180_000);
  const key = `e2e-price-${randomUUID().slice(0, 8)}`;
  await consoleOperator.signIn(page, TEST_PURCHASES_PORT);
  await page.goto("/admin/experiments");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "New experiment" });
  await form.getByLabel("Key").fill(key);
  await form.getByLabel("Surface").selectOption("price");
  await form.getByRole("combobox", { name: /^Product/ }).selectOption("fast-forward-book");
  await form.getByLabel("Variant 1 name").fill("control");
  await form.getByLabel("Variant 1 price in cents").fill("700");
  await form.getByLabel("Variant 2 name").fill("higher");
  await form.getByLabel("Variant 2 price in cents").fill("1300");
  await expect(form.getByLabel("Primary metric")).toHaveValue("revenue");
  await form.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByRole("heading", { name: key })).toBeVisible();
  await expect(page.getByTestId("variant-line-higher")).toContainText("higher 50 % $13");

  await waitForHydration(page);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Start experiment" }).click();
  await expect(page.getByTestId("experiment-status")).toHaveText("running");
  try {
    const preview = await page
      .getByTestId("variant-line-higher")
      .getByRole("link", { name: "Preview higher" })
      .getAttribute("href");
    expect(preview).toMatch(/^\/checkout\?product=fast-forward-book&preview=/);

    // The page that sells the book says what checkout charges, for each variant.
    await visitorSees(browser, key, "higher", "$13");
    await visitorSees(browser, key, "control", "$7");

    const visitor = await browser.newContext({ baseURL: TEST_PURCHASES_URL });
    try {
      const buyer = await visitor.newPage();
      await buyer.goto(preview!);
      await waitForHydration(buyer);
      await expect(buyer.getByTestId("order-total")).toContainText("$13");
      const email = `price-${randomUUID().slice(0, 8)}@example.com`;
      await buyer.getByLabel("Email").fill(email);
      await buyer.getByLabel("Full name").fill("Ada Lovelace");
      await expect(buyer.getByTestId("offer-consent")).toBeVisible({ timeout: 15_000 });
      await fillCard(buyer);
      await buyer.getByRole("button", { name: "Complete Purchase" }).click();
      await declineOffers(buyer);
      const charged = await queryOn<{ total: number; status: string }>(
        TEST_PURCHASES_PORT,
        "SELECT total_amount AS total, status::text AS status FROM orders WHERE email = $1",
        [email],
      );
      expect(charged).toEqual([{ total: 1300, status: "SUCCEEDED" }]);
    } finally {
      await visitor.close();
    }
  } finally {
    await waitForHydration(page);
    await expect(page.getByTestId("price-rollout-note")).toContainText("does not publish it to the catalog");
    const stop = page.getByRole("form", { name: "Stop experiment" });
    await stop.getByLabel("Roll out").selectOption("control");
    page.once("dialog", (dialog) => void dialog.accept());
    await stop.getByRole("button", { name: "Stop and roll out" }).click();
    await expect(page.getByTestId("rolled-out")).toHaveText("rolled out: control");
  }
});

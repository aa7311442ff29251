import { expect, test, waitForHydration } from "./test";
import { declineOffers, fillCard } from "./helpers/checkout";
import { queryOn } from "./helpers/funnel";
import { TEST_PURCHASES_PORT, TEST_PURCHASES_URL } from "./ports";

// An owner publishes a new price for the book, and a visitor sees it at once: the cached sales page
// (served from the page cache before the publish) on a reload, the checkout, and the charge. On the
// test-purchases server, whose specs never read the book's price, so no other spec's prices move.

test.use({ baseURL: TEST_PURCHASES_URL });

test("a price an owner publishes shows on the cached sales page and the checkout, and is charged", async ({
  page,
  browser,
  consoleOperator,
}) => {
  test.slow(); // a sign-in, a publish and a purchase on a shared machine
  // A price no earlier run of this server published (a retry reuses its database).
  const dollars = 10 + (Date.now() % 80);
  const visitor = await (await browser.newContext({ baseURL: TEST_PURCHASES_URL })).newPage();
  await visitor.goto("/paid");
  const cached = await visitor.reload();
  expect(cached?.headers()["x-nextjs-cache"]).toBe("HIT");
  const header = visitor.locator("[data-buy-now=header]");
  await expect(header).not.toHaveText(`Buy for $${dollars}`);

  await consoleOperator.signIn(page, TEST_PURCHASES_PORT);
  await page.goto("/admin/catalog");
  const form = page.getByRole("form", { name: "New price for fast-forward-book" });
  await form.getByLabel("Price ($)").fill(String(dollars));
  await form.getByRole("button", { name: "Review new price" }).click();
  const confirm = form.getByRole("alertdialog", { name: "Confirm new price" });
  await expect(confirm).toContainText(`Every order created from now on is charged $${dollars},`);
  await confirm.getByRole("button", { name: "Publish price" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Version \d+ is now the price\.$/);

  // The publish emptied the page cache: the next request renders the page with the new price.
  await visitor.reload();
  await expect(header).toHaveText(`Buy for $${dollars}`);
  await expect(visitor.getByRole("link", { name: `Buy Now For Just $${dollars}` }).first()).toBeVisible();

  await header.click();
  await expect(visitor).toHaveURL(/\/checkout\?product=fast-forward-book$/);
  await waitForHydration(visitor);
  await expect(visitor.getByTestId("order-total")).toHaveText(`$${dollars}`);
  const email = `price-${Date.now()}@example.com`;
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Full name").fill("Ada Lovelace");
  await expect(visitor.getByLabel("Card number")).toBeVisible({ timeout: 20_000 });
  await fillCard(visitor);
  await visitor.getByRole("button", { name: "Complete Purchase" }).click();
  await declineOffers(visitor);
  const transactionId = await visitor.getByTestId("transaction-id").textContent();
  const [order] = await queryOn<{ total_amount: number; unit_price: number; status: string }>(
    TEST_PURCHASES_PORT,
    "SELECT total_amount, unit_price, status FROM orders WHERE id = $1",
    [transactionId],
  );
  expect(order).toEqual({ total_amount: dollars * 100, unit_price: dollars * 100, status: "SUCCEEDED" });
  await visitor.context().close();
});

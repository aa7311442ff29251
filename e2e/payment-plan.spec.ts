import { expect, test } from "./test";
import { fillCard } from "./helpers/checkout";
import { waitForHydration } from "./helpers/hydration";

// An owner offers the course in three monthly payments (at its own $497, so other specs' prices stay);
// a buyer takes the plan at the course checkout and pays the first; the order page shows the plan.

test("an owner sets a 3-payment plan, a buyer pays the first instalment, the order shows the plan", async ({
  page,
  browser,
  consoleOperator,
}) => {
  test.slow(); // a sign-in, a purchase and several page loads on a shared machine
  await consoleOperator.signIn(page);
  await page.goto("/admin/catalog");
  const form = page
    .getByRole("region", { name: "AI Step By Step", exact: true })
    .getByRole("form", { name: "New price for ai-step-by-step" });
  await form.getByLabel("Price ($)").fill("497");
  await form.getByLabel("Monthly payments (blank: none)").fill("3");
  await form.getByLabel("Each payment ($)").fill("175");
  await form.getByRole("button", { name: "Review new price" }).click();
  const confirm = form.getByRole("alertdialog", { name: "Confirm new price" });
  await expect(confirm).toContainText("Buyers may instead choose 3 monthly payments of $175 ($525 in all)");
  await confirm.getByRole("button", { name: "Publish price" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Version \d+ is now the price\.$/);
  await expect(
    page.getByRole("region", { name: "AI Step By Step", exact: true }).getByRole("row").nth(1),
  ).toContainText("3 monthly payments of $175");

  const context = await browser.newContext();
  try {
    const buyer = await context.newPage();
    await buyer.goto("/checkout-realtime-academy");
    await buyer.getByRole("link", { name: "Continue to Secure Checkout" }).first().click();
    await expect(buyer).toHaveURL(/\/checkout\?product=ai-step-by-step/);
    await waitForHydration(buyer);
    await buyer.getByLabel("Email").fill(`plan-${Date.now()}@example.com`);
    await buyer.getByLabel("Full name").fill("Ada Lovelace");
    await expect(buyer.getByRole("radio", { name: "Pay $497 now" })).toBeChecked();
    await buyer.getByRole("radio", { name: "3 monthly payments of $175" }).check();
    await expect(buyer.getByTestId("order-total")).toHaveText("$175/month");
    await fillCard(buyer);
    await buyer.getByRole("button", { name: "Complete Purchase" }).click();
    await expect(buyer.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
    const transactionId = (await buyer.getByTestId("transaction-id").textContent())?.trim() ?? "";
    expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(`/admin/orders/${transactionId}`);
    await expect(page.getByTestId("payment-plan")).toHaveText(
      "3 monthly payments of $175, full access from the first payment",
    );
    await expect(page.getByText("1 of 3")).toBeVisible();
  } finally {
    await context.close();
  }
});

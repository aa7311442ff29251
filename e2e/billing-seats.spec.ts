import { randomUUID } from "node:crypto";
import { expect, test, waitForHydration } from "./test";
import { signInToBilling } from "./helpers/billing";
import { buySeats } from "./helpers/checkout";

// A seat buyer changes their seats on the billing page: sees what the change costs now and at the
// next renewal, confirms, and finds the new count after a reload.

test("a seat buyer changes from 3 to 5 seats on the billing page", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const email = `seats-${testInfo.project.name}-${randomUUID()}@example.com`;
  await buySeats(browser, 3, email);
  await signInToBilling(page, email);
  const card = page.getByRole("list", { name: "Your subscriptions" }).locator("> li");
  await expect(card).toContainText("3 seats");

  await card.getByText("Change seats").click();
  const form = card.getByRole("form", { name: "Change seats" });
  await form.getByLabel("Seats").fill("5");
  await form.getByRole("button", { name: "See the price" }).click();
  const preview = form.getByTestId("seat-preview");
  // Bought a moment ago: nearly the whole month of two more seats is due now.
  await expect(preview).toContainText(/3 → 5 seats: \$(999\.\d\d|1,000) charged now/);
  await expect(preview).toContainText("Next renewal: $2,500.");

  await form.getByRole("button", { name: "Change to 5 seats" }).click();
  await expect(form.getByRole("status")).toHaveText("Your subscription now has 5 seats.");
  await page.reload();
  await waitForHydration(page);
  await expect(card).toContainText("5 seats");
  await expect(card.getByTestId("subscription-renewal")).toContainText(/Renews .* for \$2,500/);
});

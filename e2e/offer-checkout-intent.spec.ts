import { expect, test } from "./test";
import { query, registerVisitor } from "./helpers/funnel";

// The offer prepares the visitor's payment while the confetti plays; checkout then
// picks that intent up instead of creating another. If it cannot be created, only the overlay
// goes away and the visitor stays on the offer.

const CTA = "Yes! Give Me AI Step By Step For $497";

test("a failed payment intent only removes the overlay", async ({ page }) => {
  await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=countdown");
  // The countdown bar settles once synced; a click during that layout change can miss the button.
  await expect(page.locator("[data-countdown]")).toHaveAttribute("data-synced", "true");
  // The failure is held until the overlay has been seen: a fixed delay let a loaded machine's
  // assertion come after the overlay had already gone.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/create-payment-intent", async (route) => {
    await released;
    await route.fulfill({
      status: 503,
      json: { error: { code: "service_unavailable", message: "Failed to create payment intent" } },
    });
  });
  await page.getByRole("button", { name: CTA }).first().click();
  await expect(page.getByTestId("checkout-overlay")).toBeVisible();
  release();
  await expect(page.getByTestId("checkout-overlay")).toBeHidden();
  await page.waitForTimeout(700);
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy\?variant=countdown$/);
  await expect(page.getByRole("button", { name: CTA }).first()).toBeEnabled();
});

test("checkout uses the intent the offer created", async ({ page }) => {
  const visitor = await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=countdown");
  await page.getByRole("button", { name: CTA }).first().click();
  // The offer leaves once the server has created the intent: seconds on a loaded two-core machine.
  await expect(page).toHaveURL(/\/checkout\?product=ai-step-by-step$/, { timeout: 15_000 });
  await expect(page.getByText("Initializing payment form")).toBeHidden({ timeout: 10_000 });
  await expect(page.getByLabel(/card number/i)).toBeVisible();
  const orders = await query<{ count: string }>(
    "SELECT count(*) FROM orders WHERE email = $1 AND product_id = 'ai-step-by-step'",
    [visitor.email],
  );
  expect(Number(orders[0]?.count)).toBe(1);
});

test("a 400 from the payment route still goes to checkout instead of leaving the visitor stuck", async ({ page }) => {
  await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=countdown");
  let refused = 0;
  // Only the offer's own call is refused; checkout then creates its intent normally.
  await page.route("**/api/create-payment-intent", async (route) => {
    if (refused++ > 0) return route.continue();
    await route.fulfill({
      status: 400,
      json: { error: { code: "invalid_request", message: "Please enter a valid email address." } },
    });
  });
  await page.getByRole("button", { name: CTA }).first().click();
  await expect(page).toHaveURL(/\/checkout\?product=ai-step-by-step$/);
  expect(refused).toBeGreaterThanOrEqual(1);
});

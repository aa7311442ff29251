import { expect, test } from "./test";
import { registerVisitor } from "./helpers/funnel";
import { TEST_PURCHASES_URL } from "./ports";

// On the team-training offer, a hidden bottom-right area triple-clicked (each click
// within 500 ms of the previous) starts a test purchase of 1 seat of a different product. This
// server runs with ENABLE_TEST_PURCHASES=true; the default server's test covers its absence.
test.use({ baseURL: TEST_PURCHASES_URL });

test("a triple click in the hidden corner starts a 1-seat test purchase; slower clicks do not", async ({ page }) => {
  await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=team");
  const area = page.getByTestId("test-purchase-area");
  await expect(area).toBeAttached();

  await area.click({ force: true });
  await area.click({ force: true });
  await page.waitForTimeout(700); // more than 500 ms: the sequence starts over
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy\?variant=team$/);

  for (let i = 0; i < 3; i++) await area.click({ force: true });
  await expect(page).toHaveURL(/\/checkout-realtime-academy-metadata\?seats=1&product=team-training-test$/);
  await expect(page.getByText("Realtime AI Academy team training (test purchase)").first()).toBeVisible();
});

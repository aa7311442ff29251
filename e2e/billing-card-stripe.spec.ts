import { randomUUID } from "node:crypto";
import { expect, test, waitForHydration } from "./test";
import { queryOn, runAsServer } from "./helpers/funnel";
import { routeStripeToDoubles } from "./helpers/stripe-double-routes";
import { stripeControlDelivered } from "./helpers/stripe-webhooks";
import { STRIPE_MODE_PORT, STRIPE_MODE_URL } from "./ports";

// Stripe mode: a team whose renewal Stripe could not charge opens the dunning e-mail's card link,
// enters a card in the Payment Element (a SetupIntent, confirmed by Stripe.js), and the overdue
// invoice is paid at once: after a reload the subscription is active.

test.use({ baseURL: STRIPE_MODE_URL });

test("a past-due buyer replaces the card from the e-mailed link and the subscription is active", async ({ page }) => {
  test.setTimeout(120_000);
  await routeStripeToDoubles(page);
  await page.goto("/checkout-realtime-academy-metadata?seats=2");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(`card-stripe-${randomUUID()}@example.com`);
  await page.getByLabel("Stripe test card number").fill("4242 4242 4242 4242");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Start Training for 2 Members" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
  const orderId = (await page.getByTestId("transaction-id").textContent()) ?? "";
  const [subscription] = await queryOn<{ id: string; provider_subscription_id: string }>(
    STRIPE_MODE_PORT,
    "SELECT id, provider_subscription_id FROM subscriptions WHERE order_id = $1",
    [orderId],
  );

  // The period ends and Stripe's charge is declined; its webhooks reach the server.
  await stripeControlDelivered("subscriptions", subscription!.provider_subscription_id, "failRenewal");
  const link = runAsServer(STRIPE_MODE_PORT, "tests/support/card-link-url.ts", [subscription!.id])
    .trim()
    .split("\n")
    .at(-1)!;

  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("payment overdue");
  await expect(page.getByText(/A renewal of \$1,000 could not be charged/)).toBeVisible();
  const form = page.getByRole("form", { name: "Update card" });

  await page.getByLabel("Stripe test card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(form.getByRole("alert")).toHaveText("Your card was declined.");

  await page.getByLabel("Stripe test card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(form.getByRole("status")).toContainText("your subscription is active");
  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("active");
});

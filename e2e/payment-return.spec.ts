import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { fillCard } from "./helpers/checkout";
import { onPhone } from "./helpers/phone";

// Payment return links in demo mode: the /payment-processing link (what a provider's
// return_url lands on) opened in a NEW browser context — no cookie, no session storage — resolves
// the payment with the server and lands on the same success content as the checkout's own tab; a
// reload never turns a success into a failure; an unsuccessful payment is said in words, whole on
// screen at both widths (the phone opens the same link: onPhone).

type StoredIntent = { paymentIntentId: string; clientSecret: string; transactionId: string };

const unique = () => `return-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Opens the checkout until the intent exists and returns it (the checkout keeps it in session storage). */
async function startCheckout(page: Page, email: string): Promise<StoredIntent> {
  await page.goto("/checkout?product=ai-step-by-step");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await expect(page.getByLabel("Card number")).toBeVisible();
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("ff_latest_payment_intent") ?? "{}") as StoredIntent);
}

const processingUrl = (intent: StoredIntent) =>
  `/payment-processing?${new URLSearchParams({
    payment_intent: intent.paymentIntentId,
    payment_intent_client_secret: intent.clientSecret,
  }).toString()}`;

/** A page in a context of its own: another browser profile, as a fresh tab after a bank redirect is. */
async function freshPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  expect(await context.cookies()).toEqual([]);
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page);
  return page;
}

async function expectNoRawStatus(page: Page) {
  await expect(page.locator("body")).not.toContainText(/requires_|_method|succeeded|Payment canceled\./);
}

test("a payment finished at the bank, opened in a new browser context, shows the credentials once", async ({
  page,
  browser,
}) => {
  const email = unique();
  const intent = await startCheckout(page, email);
  // The card holder completed the payment elsewhere (a 3-D Secure page); this tab never saw it.
  const confirmed = await page.request.post("/api/demo-payments/confirm", {
    data: { clientSecret: intent.clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } },
  });
  expect(confirmed.status()).toBe(200);

  const fresh = await freshPage(browser, processingUrl(intent));
  await expect(fresh).toHaveURL(/\/payment-success$/);
  await expect(fresh.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(fresh.getByText("Payment Failed")).toHaveCount(0);
  await expect(fresh.getByTestId("login-email")).toHaveText(email);
  await expect(fresh.getByTestId("login-password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  await expect(fresh.getByText(intent.transactionId, { exact: true })).toBeVisible();
  await expect(fresh.getByRole("link", { name: "Continue to Contract Setup" })).toBeVisible();

  // Reloads: the success page, then the processing link again — already confirmed, never a failure.
  await fresh.reload();
  await waitForHydration(fresh);
  await expect(fresh.getByText(/credentials were already issued/)).toBeVisible();
  await expect(fresh.getByTestId("login-password")).toHaveCount(0);
  await expect(fresh.getByText(intent.transactionId, { exact: true })).toBeVisible();
  await fresh.goto(processingUrl(intent));
  await expect(fresh).toHaveURL(/\/payment-success$/);
  await expect(fresh.getByText(/credentials were already issued/)).toBeVisible();
  await expect(fresh.getByRole("link", { name: "Continue to Contract Setup" })).toBeVisible();

  // The buyer's own tab, later: the same account, already confirmed.
  await page.goto(processingUrl(intent));
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByText(/credentials were already issued/)).toBeVisible();
  await expect(page.getByText(intent.transactionId, { exact: true })).toBeVisible();
  await fresh.context().close();
});

test("the link of a payment made in the checkout tab opens in a new context as already confirmed", async ({
  page,
  browser,
}) => {
  const intent = await startCheckout(page, unique());
  await fillCard(page);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByTestId("login-password")).toBeVisible();

  const fresh = await freshPage(browser, processingUrl(intent));
  await expect(fresh).toHaveURL(/\/payment-success$/);
  await expect(fresh.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(fresh.getByText(/credentials were already issued/)).toBeVisible();
  await expect(fresh.getByText(intent.transactionId, { exact: true })).toBeVisible();
  await fresh.context().close();

  // The checkout tab's own reload of /payment-success stays a success.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText(intent.transactionId, { exact: true })).toBeVisible();
});

/** The alert is on screen, whole: inside the viewport's width and not squeezed flat. */
async function expectWholeOnScreen(alert: Locator) {
  const box = await alert.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, height: r.height, viewport: document.documentElement.clientWidth };
  });
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(box.viewport);
  expect(box.height).toBeGreaterThan(100);
}

test("a declined payment's link says it was not completed, in words, with a way back", async ({ page, browser }) => {
  const intent = await startCheckout(page, unique());
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByText("Your card was declined.").first()).toBeVisible();

  const fresh = await freshPage(browser, processingUrl(intent));
  const failed = (on: Page) => on.getByRole("alert").filter({ hasText: "Payment Failed" });
  const alert = failed(fresh);
  await expect(alert).toContainText("Payment was not completed. Please try again.");
  await expectNoRawStatus(fresh);
  await expect(alert.getByRole("link", { name: "Return to Checkout" })).toHaveAttribute("href", "/checkout");
  // The message is on screen, whole, on a phone as on a desktop.
  await expectWholeOnScreen(alert);
  await onPhone(browser, fresh, async (phone) => {
    await expect(failed(phone)).toContainText("Payment was not completed. Please try again.");
    await expectWholeOnScreen(failed(phone));
  });
  await fresh.context().close();
});

test("a book paid at the bank goes on from the return link to the offer, which the saved card pays in one click", async ({
  page,
}) => {
  const email = unique();
  await page.goto("/checkout?product=fast-forward-book");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  // The consent appears once the payment that keeps the card exists.
  await expect(page.getByTestId("offer-consent")).toBeVisible({ timeout: 15_000 });
  const intent = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("ff_latest_payment_intent") ?? "{}") as StoredIntent,
  );
  // Paid away from the checkout tab (the bank's page), in this browser, which the provider sends back.
  const confirmed = await page.request.post("/api/demo-payments/confirm", {
    data: { clientSecret: intent.clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } },
  });
  expect(confirmed.status()).toBe(200);

  await page.goto(processingUrl(intent));
  await expect(page).toHaveURL(/\/next-offer$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Add the AI Step By Step course to your order", {
    timeout: 15_000,
  });
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.getByRole("button", { name: "Yes, add it" }).click();
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  await expect(page.getByTestId("login-email")).toHaveText(email);
  await expect(page.getByTestId("login-password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  await expect(page.getByText(intent.transactionId, { exact: true })).toBeVisible();
});

test("a garbled or foreign link says the payment was not found, not that it failed", async ({ page }) => {
  const intent = await startCheckout(page, unique());
  const foreignSecret = intent.clientSecret.replace(
    /_secret_(.)/,
    (_m, c: string) => `_secret_${c === "a" ? "b" : "a"}`,
  );
  for (const url of [
    "/payment-processing",
    `/payment-processing?payment_intent=${intent.paymentIntentId}`,
    "/payment-processing?payment_intent=pi_demo_1&payment_intent_client_secret=not-a-secret",
    `/payment-processing?payment_intent=pi_demo_1&payment_intent_client_secret=${intent.clientSecret}`,
    `/payment-processing?payment_intent=${intent.paymentIntentId}&payment_intent_client_secret=${foreignSecret}`,
  ]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Payment information not found" }), url).toBeVisible();
    await expect(page.getByText("Payment Failed"), url).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Return to Checkout" })).toBeVisible();
  }
});

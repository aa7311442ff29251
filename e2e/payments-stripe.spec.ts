import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { routeStripeToDoubles } from "./helpers/stripe-double-routes";
import { declineOffers } from "./helpers/checkout";
import { STRIPE_DOUBLE_URL, STRIPE_MODE_URL } from "./ports";

// Stripe mode in the browser: the Payment Element path (load Stripe.js, mount, confirm with
// redirect: "if_required", the payment_intent_unexpected_state error) against a Stripe.js test
// double; the server side talks to the Stripe API double through stripe-node.

test.use({ baseURL: STRIPE_MODE_URL });

test.beforeEach(async ({ page }) => {
  await routeStripeToDoubles(page);
});

const unique = () => `stripe-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function startCheckout(page: Page, product: string) {
  await page.goto(`/checkout?product=${product}`);
  await page.getByLabel("Email").fill(unique());
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await expect(page.getByLabel("Stripe test card number")).toBeVisible();
  await expect(page.getByText("Demo payments — no card is charged")).toHaveCount(0);
}

test("pays the book through the Payment Element and lands on the success page", async ({ page }) => {
  await startCheckout(page, "fast-forward-book");
  const stripeState = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __stripeDouble: { keys: string[]; mounts: number; confirmCalls: { redirect: string; returnUrl: string }[] };
          }
        ).__stripeDouble,
    );
  expect((await stripeState()).keys).toEqual(["pk_test_e2e_double"]);
  expect((await stripeState()).mounts).toBe(1);

  await page.getByLabel("Stripe test card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByText("Your card was declined.").first()).toBeVisible();

  await page.getByLabel("Stripe test card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await declineOffers(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByTestId("login-password")).toBeVisible();
  const calls = (await stripeState()).confirmCalls;
  expect(calls.at(-1)).toEqual({ redirect: "if_required", returnUrl: `${STRIPE_MODE_URL}/payment-processing` });
});

test("a card that asks for 3-D Secure pays after the challenge, and a failed challenge says so", async ({ page }) => {
  await startCheckout(page, "fast-forward-book");
  const challenge = page.getByRole("dialog", { name: "3D Secure 2 Test Page" });
  await page.getByLabel("Stripe test card number").fill("4000 0027 6000 3184");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await challenge.getByRole("button", { name: "Fail" }).click();
  await expect(page.getByText(/The provided PaymentMethod has failed authentication/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);

  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await challenge.getByRole("button", { name: "Complete" }).click();
  await declineOffers(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
});

test("shows Payment Session Expired when the intent was already finished elsewhere", async ({ page }) => {
  await startCheckout(page, "ai-step-by-step");
  const intentId = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem("ff_latest_payment_intent") ?? "{}") as { paymentIntentId: string })
        .paymentIntentId,
  );
  const paid = await fetch(`${STRIPE_DOUBLE_URL}/_double/payment_intents/${intentId}/succeed`, { method: "POST" });
  expect(paid.status).toBe(200);
  await page.getByLabel("Stripe test card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(
    page.getByText(
      "Payment Session Expired - Your payment session has expired. Please refresh the page and try again.",
    ),
  ).toBeVisible();
});

test("the processing page reads the intent through the server and says a non-success status in words", async ({
  page,
}) => {
  await startCheckout(page, "fast-forward-book");
  const intent = await page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem("ff_latest_payment_intent") ?? "{}") as {
        paymentIntentId: string;
        clientSecret: string;
      },
  );
  await page.goto(
    `/payment-processing?payment_intent=${intent.paymentIntentId}&payment_intent_client_secret=${intent.clientSecret}`,
  );
  await expect(page.getByText("Payment was not completed. Please try again.")).toBeVisible();
  await expect(page.getByText(/requires_payment_method/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return to Checkout" })).toBeVisible();
});

test("a team subscription paid after a redirect goes from /payment-processing to /payment-success", async ({
  page,
}) => {
  await page.goto("/checkout-realtime-academy-metadata?seats=3");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(unique());
  await expect(page.getByLabel("Stripe test card number")).toBeVisible();
  const intent = await page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem("ff_latest_payment_intent") ?? "{}") as {
        paymentIntentId: string;
        clientSecret: string;
        subscriptionId: string;
      },
  );
  expect(intent.subscriptionId).toMatch(/^sub_/);
  // The card holder finished a redirect-based confirmation (e.g. 3-D Secure) at Stripe.
  const paid = await fetch(`${STRIPE_DOUBLE_URL}/_double/payment_intents/${intent.paymentIntentId}/succeed`, {
    method: "POST",
  });
  expect(paid.status).toBe(200);
  const query = new URLSearchParams({
    payment_intent: intent.paymentIntentId,
    payment_intent_client_secret: intent.clientSecret,
    subscription_id: intent.subscriptionId,
  });
  await page.goto(`/payment-processing?${query.toString()}`);
  // A succeeded status leads to /payment-success, marked as still processing.
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByTestId("seats-count")).toHaveText("3");
  await expect(page.getByRole("link", { name: "Continue to Contract Setup" })).toBeVisible();
});

type StoredIntent = { paymentIntentId: string; clientSecret: string; transactionId: string; subscriptionId?: string };

const storedIntent = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("ff_latest_payment_intent") ?? "{}") as StoredIntent);

const double = (intentId: string, control: "succeed" | "processing" | "cancelIntent") =>
  fetch(`${STRIPE_DOUBLE_URL}/_double/payment_intents/${intentId}/${control}`, { method: "POST" });

/** Stripe's return_url after a redirect-based confirmation, as Stripe builds it. */
const returnUrl = (intent: StoredIntent) =>
  `/payment-processing?${new URLSearchParams({
    payment_intent: intent.paymentIntentId,
    payment_intent_client_secret: intent.clientSecret,
    redirect_status: "succeeded",
  }).toString()}`;

/** The return_url opened where nothing of the checkout is: a new context, no cookie, no storage. */
async function openInNewContext(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  expect(await context.cookies()).toEqual([]);
  const fresh = await context.newPage();
  await routeStripeToDoubles(fresh);
  await fresh.goto(url);
  await waitForHydration(fresh);
  return fresh;
}

test("a 3-D Secure return_url opened in a new browser context lands on the success page", async ({ page, browser }) => {
  await startCheckout(page, "ai-step-by-step");
  const intent = await storedIntent(page);
  // The card holder passed the bank's check on Stripe's page; the checkout tab never heard back.
  expect((await double(intent.paymentIntentId, "succeed")).status).toBe(200);

  const fresh = await openInNewContext(browser, returnUrl(intent));
  await expect(fresh).toHaveURL(/\/payment-success$/);
  await expect(fresh.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(fresh.getByText("Payment Failed")).toHaveCount(0);
  await expect(fresh.getByTestId("login-password")).toBeVisible();
  await expect(fresh.getByText(intent.transactionId, { exact: true })).toBeVisible();
  await expect(fresh.getByRole("link", { name: "Continue to Contract Setup" })).toBeVisible();
  await fresh.reload();
  await expect(fresh.getByText(/credentials were already issued/)).toBeVisible();
  await fresh.context().close();
});

test("a processing payment says so, keeps checking, and moves on once it succeeds", async ({ page, browser }) => {
  await startCheckout(page, "fast-forward-book");
  const intent = await storedIntent(page);
  expect((await double(intent.paymentIntentId, "processing")).status).toBe(200);

  const fresh = await openInNewContext(browser, returnUrl(intent));
  const pending = fresh.getByRole("status").filter({ hasText: "Payment is still processing." });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText("Please do not pay again.");
  await expect(fresh.getByText("Payment Failed")).toHaveCount(0);
  await expect(fresh.getByRole("link", { name: "Return to Checkout" })).toHaveCount(0);

  expect((await double(intent.paymentIntentId, "succeed")).status).toBe(200);
  // The next check (1 s, 2 s, 4 s … apart) finds it paid.
  await expect(fresh).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  await expect(fresh.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(fresh.getByText(intent.transactionId, { exact: true })).toBeVisible();
  await fresh.context().close();
});

test("a canceled payment's return_url says it was canceled, with a way back to checkout", async ({ page, browser }) => {
  await startCheckout(page, "fast-forward-book");
  const intent = await storedIntent(page);
  expect((await double(intent.paymentIntentId, "cancelIntent")).status).toBe(200);

  const fresh = await openInNewContext(browser, returnUrl(intent));
  const alert = fresh.getByRole("alert").filter({ hasText: "Payment Failed" });
  await expect(alert).toContainText("Payment was canceled. Please try again.");
  await expect(fresh.locator("body")).not.toContainText(/requires_|Payment canceled\./);
  await expect(alert.getByRole("link", { name: "Return to Checkout" })).toBeVisible();
  await fresh.context().close();
});

import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { declineOffers, fillCard } from "./helpers/checkout";
import { query } from "./helpers/funnel";
import { routeStripeToDoubles } from "./helpers/stripe-double-routes";
import { STRIPE_MODE_URL } from "./ports";

// One-click offers after the book, on the demo gateway and through the Stripe doubles: the course added without typing the card again,
// a card that asks for authentication confirmed on the page, a card declined for the offer paid
// with the card form, and a No thanks that leads to the downsell an owner published.

const unique = () => `offer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const CONSENT = "By paying you allow Fast Forward to charge this card for offers you accept on the next page.";

async function buyBook(page: Page, card: string): Promise<string> {
  await page.goto("/checkout?product=fast-forward-book");
  const email = unique();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  // Shown once the payment exists (its creation is slow on a loaded machine), before the card is typed.
  await expect(page.getByTestId("offer-consent")).toHaveText(CONSENT, { timeout: 15_000 });
  await fillCard(page, card);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page).toHaveURL(/\/next-offer$/, { timeout: 15_000 });
  return email;
}

/** The success page still shows the first order's login, once, and its contract-setup link. */
async function expectBookLogin(page: Page, email: string) {
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("login-email")).toHaveText(email);
  await expect(page.getByTestId("login-password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  await expect(page.getByText("Fast Forward (digital book)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to Contract Setup" })).toBeVisible();
}

test("a book buyer adds the course in one click, without typing the card again", async ({ page }) => {
  const email = await buyBook(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Add the AI Step By Step course to your order");
  await expect(page.getByTestId("offer-price")).toHaveText("$497");
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.getByRole("button", { name: "Yes, add it" }).click();
  await expectBookLogin(page, email);
});

test("a card that asks for authentication is confirmed on the page", async ({ page }) => {
  const email = await buyBook(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "Yes, add it" }).click();
  await expect(page.getByText("Your bank asks you to confirm this payment.")).toBeVisible();
  await page.getByRole("button", { name: "Complete authentication (demo)" }).click();
  await expectBookLogin(page, email);
});

test("a card declined for the offer gets the card form, and the offer is paid with another card", async ({ page }) => {
  const email = await buyBook(page, "4000 0000 0000 0341");
  await page.getByRole("button", { name: "Yes, add it" }).click();
  await expect(page.getByText(/Your card was declined for this offer/)).toBeVisible();
  await fillCard(page);
  await page.getByRole("button", { name: "Pay $497" }).click();
  await expectBookLogin(page, email);
});

test("No thanks leads to the downsell an owner published, which is added in one click", async ({
  page,
  consoleOperator,
}) => {
  test.slow(); // a sign-in and a checkout on a shared machine
  await consoleOperator.signIn(page);
  const publishDownsell = async (code: string, price: string, headline: string) => {
    await page.goto("/admin/catalog");
    const form = page.getByRole("form", { name: "Offer after fast-forward-book" });
    await form.getByLabel("Downsell after No thanks").selectOption(code);
    await form.getByLabel("Downsell price ($, empty: catalog price)").fill(price);
    await form.getByLabel("Downsell headline").fill(headline);
    await form.getByRole("button", { name: "Publish offer" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Offer version \d+ is now shown after this purchase\.$/);
  };
  await publishDownsell("ai-step-by-step", "197", "The course, for less");
  try {
    const email = await buyBook(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "No thanks" }).click();
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("The course, for less");
    await expect(page.getByTestId("offer-price")).toHaveText("$197");
    await page.getByRole("button", { name: "Yes, add it" }).click();
    await expectBookLogin(page, email);
  } finally {
    // Back to the seeded chain for the other specs (they decline whatever is offered anyway).
    await publishDownsell("", "", "");
  }
});

test("a buyer who declines every offer reaches the success page with the book's login", async ({ page }) => {
  const email = await buyBook(page, "4242 4242 4242 4242");
  await declineOffers(page);
  await expectBookLogin(page, email);
});

test("the owner's overview shows the offer's take rate once a buyer accepted it and another declined", async ({
  page,
  consoleOperator,
}, testInfo) => {
  test.slow(); // two checkouts and a sign-in on a shared machine
  const taker = await buyBook(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Yes, add it" }).click();
  await expectBookLogin(page, taker);
  // Another visitor: no cookie, no stored contact.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
  const decliner = await buyBook(page, "4242 4242 4242 4242");
  await declineOffers(page);
  // The report counts from the first order's day: a future day of this attempt's own, which no other test writes.
  const day = `2036-04-${String(10 + testInfo.retry).padStart(2, "0")}`;
  await query(`UPDATE orders SET created_at = $1 WHERE email = ANY($2) AND parent_order_id IS NULL`, [
    `${day}T10:00:00Z`,
    [taker, decliner],
  ]);

  await consoleOperator.signIn(page);
  await page.goto(`/admin?from=${day}&to=${day}`);
  const section = page.getByTestId("offers-section");
  await expect(section.getByRole("heading", { name: "Offers and bumps" })).toBeVisible();
  await expect(section.getByText(/take rate = taken ÷ shown/)).toBeVisible();
  const upsell = section.locator('[data-offer="fast-forward-book:upsell:ai-step-by-step"]');
  await expect(upsell.getByTestId("shown")).toHaveText("2");
  await expect(upsell.getByTestId("taken")).toHaveText("1");
  await expect(upsell.getByTestId("take-rate")).toHaveText("50%");
  await expect(upsell.getByTestId("net")).toHaveText("$497");
  await expect(upsell.getByTestId("revenue-per-buyer")).toHaveText("$248.50");
});

test.describe("Stripe mode", () => {
  test.use({ baseURL: STRIPE_MODE_URL });
  test.beforeEach(async ({ page }) => {
    await routeStripeToDoubles(page);
  });

  async function buyBookWithStripe(page: Page, card: string): Promise<string> {
    await page.goto("/checkout?product=fast-forward-book");
    const email = unique();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Full name").fill("Ada Lovelace");
    // Shown once the payment exists (its creation is slow on a loaded machine), before the card is typed.
    await expect(page.getByTestId("offer-consent")).toHaveText(CONSENT, { timeout: 15_000 });
    await page.getByLabel("Stripe test card number").fill(card);
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    return email;
  }

  const challenge = (page: Page) => page.getByRole("dialog", { name: "3D Secure 2 Test Page" });

  test("a book buyer adds the course in one click through Stripe", async ({ page }) => {
    const email = await buyBookWithStripe(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(/\/next-offer$/, { timeout: 15_000 });
    await expect(page.getByTestId("offer-price")).toHaveText("$497");
    await page.getByRole("button", { name: "Yes, add it" }).click();
    await expectBookLogin(page, email);
  });

  test("the 3-D Secure card is authenticated on the page, for the book and for the offer", async ({ page }) => {
    const email = await buyBookWithStripe(page, "4000 0027 6000 3184");
    await challenge(page).getByRole("button", { name: "Complete" }).click();
    await expect(page).toHaveURL(/\/next-offer$/, { timeout: 15_000 });
    await page.getByRole("button", { name: "Yes, add it" }).click();
    await page.getByRole("button", { name: "Confirm with my bank" }).click();
    await challenge(page).getByRole("button", { name: "Complete" }).click();
    await expectBookLogin(page, email);
    const challenges = await page.evaluate(
      () => (window as unknown as { __stripeDouble: { challenges: number } }).__stripeDouble.challenges,
    );
    expect(challenges).toBe(2);
  });

  test("a card declined for the offer gets the Payment Element, and the offer is paid with another card", async ({
    page,
  }) => {
    const email = await buyBookWithStripe(page, "4000 0000 0000 0341");
    await expect(page).toHaveURL(/\/next-offer$/, { timeout: 15_000 });
    await page.getByRole("button", { name: "Yes, add it" }).click();
    await expect(page.getByText(/Your card was declined for this offer/)).toBeVisible();
    await page.getByLabel("Stripe test card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $497" }).click();
    await expectBookLogin(page, email);
  });
});

import { expect, type Browser, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

// The demo checkout's card form, as a buyer fills it: a test card number (4242… pays, 4000…0002
// is declined, 4000…9995 has insufficient funds) and any expiry in the future.

export async function fillCard(page: Page, number = "4242 4242 4242 4242"): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
}

/**
 * After the book's first payment the buyer is offered the course on /next-offer: "No thanks" to
 * each offer (a downsell another spec published too) leads on to the success page.
 */
export async function declineOffers(page: Page): Promise<void> {
  // The first payment's fulfilment check is slow on a loaded two-core machine.
  await expect(page).toHaveURL(/\/next-offer$/, { timeout: 15_000 });
  for (let step = 0; step < 3 && new URL(page.url()).pathname === "/next-offer"; step++) {
    const headline = page.getByRole("heading", { level: 2 });
    await expect(headline).toBeVisible({ timeout: 15_000 });
    const before = await headline.textContent();
    await page.getByRole("button", { name: "No thanks" }).click();
    await expect(async () => {
      const gone = new URL(page.url()).pathname !== "/next-offer";
      expect(gone || (await headline.textContent()) !== before).toBe(true);
    }).toPass({ timeout: 15_000 });
  }
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
}

/**
 * A team buys `seats` seats of the team training in the demo checkout, in a browser of its own;
 * answers the order's transaction id from the success page. `card`: another demo card than 4242.
 */
export async function buySeats(browser: Browser, seats: number, email: string, card?: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const buyer = await context.newPage();
    await buyer.goto(`/checkout-realtime-academy-metadata?seats=${seats}`);
    await waitForHydration(buyer);
    await buyer.getByLabel("First name").fill("Ada");
    await buyer.getByLabel("Last name").fill("Lovelace");
    await buyer.getByLabel("Email").fill(email);
    await fillCard(buyer, card);
    await buyer.getByRole("checkbox").check();
    await buyer.getByRole("button", { name: `Start Training for ${seats} Members` }).click();
    await expect(buyer.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    return (await buyer.getByTestId("transaction-id").textContent()) ?? "";
  } finally {
    await context.close();
  }
}

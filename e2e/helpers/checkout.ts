import type { Page } from "@playwright/test";

// The demo checkout's card form, as a buyer fills it: a test card number (4242… pays, 4000…0002
// is declined, 4000…9995 has insufficient funds) and any expiry in the future.

export async function fillCard(page: Page, number = "4242 4242 4242 4242"): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
}

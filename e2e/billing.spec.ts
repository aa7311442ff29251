import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { declineOffers, fillCard } from "./helpers/checkout";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { emailedLink } from "./helpers/outbox";
import { onPhone } from "./helpers/phone";

// A buyer of the book reaches their billing page: from the success page's link they ask for a
// sign-in link, open it from the outbox in a fresh browser, see the order and print its receipt.
// Cards and the receipt table are measured for sideways scroll at both widths: the flow runs once,
// the phone opens each measured page (onPhone).

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

test("a book buyer signs in by e-mailed link, sees the order and opens its receipt", async ({
  page,
  browser,
}, testInfo) => {
  // A purchase, an e-mail round trip and a second browser: more than the 30 s default.
  test.setTimeout(120_000);
  const email = `billing-${testInfo.project.name}-${randomUUID()}@example.com`;
  await open(page, "/checkout?product=fast-forward-book");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await fillCard(page);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await declineOffers(page);
  const transactionId = (await page.getByTestId("transaction-id").textContent()) ?? "";

  await page.getByRole("link", { name: "your billing page" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your orders and receipts" })).toBeVisible();
  await page.getByLabel("E-mail address you bought with").fill(email.toUpperCase());
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If we have orders for that address, we sent a link/);

  // Opened in another browser than the one that asked: the address proves ownership.
  const link = emailedLink(email, "billing-link", "/billing/sign-in");
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const buyer = await context.newPage();
  await open(buyer, link);
  await expect(buyer.getByRole("heading", { level: 1, name: "Open your orders" })).toBeVisible();
  await buyer.getByRole("button", { name: "See my orders" }).click();
  await expect(buyer).toHaveURL(/\/billing$/);
  await expect(buyer.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(buyer.getByText(`Signed in as ${email}`)).toBeVisible();
  const orders = buyer.getByRole("list", { name: "Your orders" }).locator("> li");
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText("Fast Forward");
  await expect(orders.first()).toContainText("$7");
  await expect(orders.first()).toContainText("paid");
  await expectNoHorizontalOverflow(buyer, "billing page");
  await onPhone(browser, buyer, (phone) => expectNoHorizontalOverflow(phone, "billing page"));

  await orders.first().getByRole("link", { name: "Receipt" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/billing/receipts/${transactionId}$`));
  await expect(buyer.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(buyer.getByText(transactionId)).toBeVisible();
  await expect(buyer.getByRole("row", { name: /Total paid/ })).toContainText("$7");
  await expectNoHorizontalOverflow(buyer, "receipt");
  await onPhone(browser, buyer, (phone) => expectNoHorizontalOverflow(phone, "receipt"));
  // On paper the receipt stands alone: no site header, no back link.
  await buyer.emulateMedia({ media: "print" });
  await expect(buyer.getByRole("link", { name: "← Your orders" })).toBeHidden();
  await buyer.emulateMedia({ media: "screen" });

  // Another order's id is not found, and the used link offers a new one.
  const other = await buyer.goto(`/billing/receipts/${randomUUID()}`);
  expect(other?.status()).toBe(404);
  await open(buyer, link);
  await expect(
    buyer.getByRole("heading", { level: 1, name: "This link has expired or was already used" }),
  ).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Send me a new link" })).toBeVisible();
  await context.close();
});

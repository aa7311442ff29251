import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { declineOffers, fillCard } from "./helpers/checkout";
import { query } from "./helpers/funnel";

// A buyer of the book enters a coupon on /checkout: the server prices it, the summary shows the
// discount and the new total, and the demo card pays that total. A wrong code keeps the old total.

async function bookCoupon(percentOff: number): Promise<string> {
  const code = `E2E-${randomBytes(4).toString("hex").toUpperCase()}`;
  await query(
    `INSERT INTO coupons (id, code, percent_off, product_code, created_by)
     VALUES (gen_random_uuid(), $1, $2, 'fast-forward-book', 'e2e')`,
    [code, percentOff],
  );
  return code;
}

/** A creation can take seconds on a loaded machine; the first on a fresh server more. */
const SLOW = { timeout: 20_000 };

async function startCheckout(page: Page, quantity: number) {
  await page.goto("/checkout?product=fast-forward-book");
  await page.getByLabel("Email").fill(`coupon-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Quantity").fill(String(quantity));
  await expect(page.getByTestId("order-total")).toHaveText(`$${7 * quantity}`);
}

test("a coupon lowers the total, and the demo card pays the discounted total", async ({ page }) => {
  const code = await bookCoupon(20);
  await startCheckout(page, 5);
  await expect(page.getByLabel("Card number")).toBeVisible(SLOW);

  await page.getByRole("button", { name: "Have a coupon?" }).click();
  await page.getByLabel("Coupon code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("coupon-applied")).toContainText(`Coupon ${code} applied.`, SLOW);
  await expect(page.getByTestId("order-discount")).toHaveText(`Coupon ${code}−$7`);
  await expect(page.getByTestId("order-total")).toHaveText("$28");

  await fillCard(page);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await declineOffers(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible(SLOW);
  const transactionId = await page.getByTestId("transaction-id").textContent();
  const [order] = await query<{ total_amount: number; list_amount: number; discount_amount: number; status: string }>(
    "SELECT total_amount, list_amount, discount_amount, status FROM orders WHERE id = $1",
    [transactionId],
  );
  expect(order).toEqual({ total_amount: 2_800, list_amount: 3_500, discount_amount: 700, status: "SUCCEEDED" });
});

test("a wrong code shows the server's message beside the field and keeps the total", async ({ page }) => {
  await startCheckout(page, 2);
  await expect(page.getByLabel("Card number")).toBeVisible(SLOW);
  await page.getByRole("button", { name: "Have a coupon?" }).click();
  await page.getByLabel("Coupon code").fill("NO-SUCH-CODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This coupon code is not valid." })).toBeVisible(SLOW);
  await expect(page.getByLabel("Coupon code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("order-total")).toHaveText("$14");
  await expect(page.getByTestId("order-discount")).toHaveCount(0);
  // The payment form stays, for the list price.
  await expect(page.getByLabel("Card number")).toBeVisible();
});

test("a team buyer's coupon takes its discount off the seats, keeps it through a seat change, and pays that total", async ({
  page,
}) => {
  const code = `E2E-${randomBytes(4).toString("hex").toUpperCase()}`;
  await query(
    `INSERT INTO coupons (id, code, percent_off, product_code, duration_months, created_by)
     VALUES (gen_random_uuid(), $1, 20, 'team-training-seat', 3, 'e2e')`,
    [code],
  );
  await page.goto("/checkout-realtime-academy-metadata?seats=2");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(`team-coupon-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`);
  await expect(page.getByLabel("Card number")).toBeVisible(SLOW);
  await expect(page.getByTestId("order-total")).toHaveText("$1,000/month");

  await page.getByRole("button", { name: "Have a coupon?" }).click();
  await page.getByLabel("Coupon code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("coupon-applied")).toContainText(`Coupon ${code} applied.`, SLOW);
  await expect(page.getByTestId("order-discount")).toHaveText(`Coupon ${code}−$200/month at first`);
  await expect(page.getByTestId("order-total")).toHaveText("$800/month");

  // The seat change's answer carries the new count's discount.
  await page.getByRole("button", { name: "Add a seat" }).click();
  await expect(page.getByTestId("order-discount")).toHaveText(`Coupon ${code}−$300/month at first`, SLOW);
  await expect(page.getByTestId("order-total")).toHaveText("$1,200/month");

  await page.getByRole("checkbox").check();
  await fillCard(page);
  await page.getByRole("button", { name: "Start Training for 3 Members" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible(SLOW);
  const transactionId = await page.getByTestId("transaction-id").textContent();
  const [order] = await query<{
    quantity: number;
    total_amount: number;
    list_amount: number;
    discount_amount: number;
    status: string;
    code: string;
  }>(
    `SELECT o.quantity, o.total_amount, o.list_amount, o.discount_amount, o.status, c.code
     FROM orders o JOIN coupons c ON c.id = o.coupon_id WHERE o.id = $1`,
    [transactionId],
  );
  expect(order).toEqual({
    quantity: 3,
    total_amount: 120_000,
    list_amount: 150_000,
    discount_amount: 30_000,
    status: "SUCCEEDED",
    code,
  });
});

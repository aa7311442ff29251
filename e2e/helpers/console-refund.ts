import { expect, type Page } from "@playwright/test";

/** On a 3-seat order's page: refunds one seat's $500 and takes the seat off, through the dialog. */
export async function refundOneUnusedSeat(page: Page): Promise<void> {
  await page.getByLabel("Amount (USD)").fill("500");
  await page.getByLabel("Reason", { exact: true }).fill("One seat was never used");
  await page.getByLabel("Also remove").check();
  await page.getByLabel("Seats to remove").fill("1");
  await page.getByRole("button", { name: "Review refund" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirm refund" });
  await expect(confirm).toContainText("Refund $500 of $1,500 left?");
  await expect(confirm).toContainText("Also remove 1 seat: the subscription keeps 2 seats");
  await confirm.getByRole("button", { name: "Confirm refund of $500" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refunded" })).toHaveText(
    "Refunded $500. The subscription keeps 2 seats.",
  );
}

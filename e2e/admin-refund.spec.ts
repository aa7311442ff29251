import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { buySeats, declineOffers, fillCard } from "./helpers/checkout";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { shot } from "./helpers/screenshots";
import { refundOneUnusedSeat } from "./helpers/console-refund";

// A refund, as people see it: a buyer pays for the book in the demo checkout and reaches
// contract setup; an operator finds the order, sees the guarantee window, refunds it in full
// after a confirmation step; the buyer's contract-setup link and success page then say the
// purchase was refunded and the account closed, and the order page shows the refund. The order
// page is measured for sideways scroll at both widths.

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

test(
  "an operator refunds a demo purchase and the buyer's account stops working",
  { tag: "@viewport" },
  async ({ page, browser, consoleOperator }, testInfo) => {
    // A purchase, a sign-in and two browsers: more than the 30 s default.
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const buyerEmail = `refund-buyer-${project}-${randomUUID()}@example.com`;

    // The buyer, in a browser of their own.
    const buyerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const buyer = await buyerContext.newPage();
    await open(buyer, "/checkout?product=fast-forward-book");
    await buyer.getByLabel("Email").fill(buyerEmail);
    await buyer.getByLabel("Full name").fill("Ada Lovelace");
    await fillCard(buyer);
    await buyer.getByRole("button", { name: "Complete Purchase" }).click();
    await declineOffers(buyer);
    await expect(buyer.getByTestId("login-email")).toHaveText(buyerEmail);
    const transactionId = (await buyer.getByTestId("transaction-id").textContent()) ?? "";
    await buyer.getByRole("link", { name: "Continue to Contract Setup" }).click();
    await expect(buyer.getByText("Hand-off token verified.")).toBeVisible();
    const handoffUrl = buyer.url();

    // The operator finds the order by the buyer's e-mail.
    await consoleOperator.signIn(page);
    await page.getByRole("link", { name: "Orders" }).click();
    await page.getByLabel("Search").fill(buyerEmail);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByTestId("order-row")).toContainText("$7");
    await expect(page.getByTestId("order-row").getByTestId("order-status")).toHaveText("succeeded");
    await page.getByTestId("order-row").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${transactionId}$`));
    await waitForHydration(page);
    await expect(page.getByTestId("guarantee")).toContainText("30-day money-back guarantee: day 0 of 30");
    await expect(page.getByTestId("guarantee")).toContainText("open, 30 days left");
    await expect(page.getByTestId("access")).toContainText("active");

    // Refund everything, after the confirmation step.
    await page.getByLabel("Reason").fill("Asked for the money-back guarantee");
    await page.getByRole("button", { name: "Review refund" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirm refund" });
    await expect(confirm).toContainText("Refund $7 of $7 left?");
    await expect(confirm).toContainText("the buyer's account and contract-setup link stop working");
    await shot(page, `refund-confirm-${project}`);
    await confirm.getByRole("button", { name: "Confirm refund of $7" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Refunded" })).toHaveText(
      "Refunded $7 — the order is fully refunded.",
    );

    // The order page, refreshed by the server: refunded, the refund listed, the account revoked.
    await expect(page.getByTestId("order-status").first()).toHaveText("refunded");
    await expect(page.getByTestId("refunded-amount")).toHaveText("$7");
    await expect(page.getByTestId("refund-row")).toContainText("$7");
    await expect(page.getByTestId("refund-row")).toContainText(
      "from the console: “Asked for the money-back guarantee”",
    );
    await expect(page.getByTestId("access")).toContainText("revoked");
    await expect(page.getByRole("button", { name: "Review refund" })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, `refund-order-refunded-${project}`);

    // What the buyer sees now: the hand-off link refused, the success page says why.
    await open(buyer, handoffUrl);
    await expect(buyer.getByRole("alert").filter({ hasText: "refunded" })).toHaveText(
      "This purchase was refunded, so its account has been closed and this contract-setup link no longer works.",
    );
    await expect(buyer.getByText("Hand-off token verified.")).toHaveCount(0);
    await shot(buyer, `refund-buyer-handoff-${project}`);
    await open(buyer, "/payment-success");
    await expect(buyer.getByRole("alert").filter({ hasText: "refunded" })).toContainText(
      "This purchase was refunded, so its account has been closed.",
    );
    await expect(buyer.getByRole("heading", { name: "Purchase Refunded" })).toBeVisible();
    await expect(buyer.getByText("Failed to process payment")).toHaveCount(0);
    await expect(buyer.getByTestId("login-email")).toHaveCount(0);
    await shot(buyer, `refund-buyer-success-${project}`);

    // The list flags it as refunded.
    await page.goto(`/admin/orders?refunded=yes&q=${encodeURIComponent(buyerEmail)}`);
    await expect(page.getByTestId("order-row").getByTestId("order-status")).toHaveText("refunded");
    await buyerContext.close();
  },
);

// Seats, as an operator meets them: a team bought three, one was never used; the operator refunds
// one seat and removes it in the same step, and the order page, the list and the order's MRR all
// show two seats at once.
test("an operator refunds one unused seat and removes it from the subscription", async ({
  page,
  browser,
  consoleOperator,
}) => {
  test.setTimeout(120_000);
  const buyerEmail = `seat-buyer-${randomUUID()}@example.com`;
  const transactionId = await buySeats(browser, 3, buyerEmail);

  await consoleOperator.signIn(page);
  await page.getByRole("link", { name: "Orders" }).click();
  await page.getByLabel("Search").fill(buyerEmail);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("order-row")).toContainText("3 seats");
  await page.getByTestId("order-row").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${transactionId}$`));
  await waitForHydration(page);
  await expect(page.getByTestId("subscription-seats")).toHaveText("3");
  await expect(page.getByTestId("subscription-mrr")).toHaveText("$1,500");

  // One seat's price back, and the seat off the subscription.
  await refundOneUnusedSeat(page);

  await expect(page.getByTestId("subscription-seats")).toHaveText("2");
  await expect(page.getByTestId("subscription-mrr")).toHaveText("$1,000");
  await expect(page.getByTestId("order-status").first()).toHaveText("partially refunded");
  await expect(page.getByTestId("net-amount")).toHaveText("$1,000");
  await expect(page.getByTestId("seat-change-row")).toContainText("3 → 2 seats with a refund");
  await shot(page, "refund-seat-removed");

  // The list says the same: two seats of three bought, $1,000 net, partially refunded.
  await page.goto(`/admin/orders?q=${encodeURIComponent(buyerEmail)}`);
  await expect(page.getByTestId("order-row").getByTestId("order-seats")).toHaveText(" — 2 seats (bought 3)");
  await expect(page.getByTestId("order-row").getByTestId("order-status")).toHaveText("partially refunded");
  await expect(page.getByTestId("order-count")).toHaveText("1");
  await expect(page.getByTestId("order-net")).toHaveText("$1,000");
});

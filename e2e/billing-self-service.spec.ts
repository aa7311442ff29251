import { randomUUID } from "node:crypto";
import { expect, test, waitForHydration } from "./test";
import { buySeats } from "./helpers/checkout";
import { query, runAsServer } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { openHydrated, signInToBilling } from "./helpers/billing";
import { onPhone } from "./helpers/phone";
import { outboxTo } from "./helpers/outbox";
import { PORT } from "./ports";

// A seat buyer helps themselves on the billing page: cancels at period end and resumes, each seen
// again after a reload; a buyer whose renewal failed opens the link in dunning's first e-mail,
// enters a card that pays and sees the subscription active. Both pages are measured for sideways
// scroll at both widths: the flows run once, the phone opens each measured page (onPhone).

test("a seat buyer cancels at period end and resumes from the billing page", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const email = `self-serve-${testInfo.project.name}-${randomUUID()}@example.com`;
  await buySeats(browser, 3, email);
  await signInToBilling(page, email);
  const card = page.getByRole("list", { name: "Your subscriptions" }).locator("> li");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("3 seats");
  await expect(card.getByTestId("subscription-status")).toHaveText("active");
  await expect(card.getByTestId("subscription-renewal")).toContainText(/Renews .* for \$1,500/);
  await expect(card).toContainText("Card ending 4242");
  await expectNoHorizontalOverflow(page, "billing page with a subscription");
  await onPhone(browser, page, (phone) => expectNoHorizontalOverflow(phone, "billing page with a subscription"));

  await card.getByRole("button", { name: "Cancel at the end of the period" }).click();
  await expect(card.getByTestId("subscription-renewal")).toContainText("it will not renew");
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByTestId("subscription-status")).toHaveText("ending");
  await expect(card.getByTestId("subscription-renewal")).toContainText("it will not renew");

  await card.getByRole("button", { name: "Keep my subscription" }).click();
  await expect(card.getByTestId("subscription-renewal")).toContainText("Renews");
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByTestId("subscription-status")).toHaveText("active");
  await expect(card.getByRole("button", { name: "Cancel at the end of the period" })).toBeVisible();
});

test("a buyer whose renewal failed updates the card from the e-mailed link", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const email = `card-link-${testInfo.project.name}-${randomUUID()}@example.com`;
  const orderId = await buySeats(browser, 2, email, "4000 0000 0000 0341");
  // Returns once the day-0 e-mail is queued, whichever run (this one, the server's) queued it.
  runAsServer(PORT, "tests/support/past-due-renewal.ts", [orderId], { asWorker: true });
  const notice = outboxTo(email).filter((mail) => mail.template === "dunning-notice")[0];
  expect(notice?.subject).toBe("Your Realtime AI Academy team training payment did not go through");
  expect(notice?.text).toContain("We could not charge $1,000 for your");
  const link = /\/billing\/card\?token=[A-Za-z0-9._~%-]+/.exec(notice?.text ?? "")?.[0];
  if (!link) throw new Error(`no card-update link in the dunning e-mail to ${email}`);
  await openHydrated(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("payment overdue");
  await expect(page.getByText(/A renewal of \$1,000 could not be charged/)).toBeVisible();
  await expectNoHorizontalOverflow(page, "card-update link page");
  await onPhone(browser, page, (phone) => expectNoHorizontalOverflow(phone, "card-update link page"));

  // Opening the page changed nothing: a declined card is refused, then a good one pays.
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  const form = page.getByRole("form", { name: "Update card" });
  await expect(form.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(form.getByRole("status")).toContainText("your subscription is active");
  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("active");
  // The e-mail's amount is what the new card paid: the failed renewal's own charge, now succeeded.
  const charged = await query<{ amount: number; status: string; charge: number; charge_status: string }>(
    `SELECT si.amount, si.status, pi.amount AS charge, pi.status AS charge_status
         FROM subscription_invoices si
         JOIN subscriptions s ON s.id = si.subscription_id
         JOIN demo_payment_intents pi ON pi.id = si.provider_invoice_id
        WHERE s.order_id = $1`,
    [orderId],
  );
  expect(charged).toEqual([{ amount: 100_000, status: "paid", charge: 100_000, charge_status: "succeeded" }]);
});

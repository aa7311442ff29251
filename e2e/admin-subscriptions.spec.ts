import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { query } from "./helpers/funnel";

// An operator opens the subscriptions list, finds a past-due team subscription with its failed
// renewal, opens the buyer's lead page and reads the billing history: the order, the paid first
// renewal, then the failed one. The rows are written straight into the test server's database.

test("a past-due subscription's failed payment, then the buyer's billing history", async ({
  page,
  consoleOperator,
}) => {
  test.slow(); // a sign-in and three page loads on a shared machine
  const tag = randomUUID().slice(0, 8);
  const lead = { id: randomUUID(), name: `Pat Pastdue ${tag}`, email: `pat-pastdue-${tag}@example.test` };
  await query(
    `INSERT INTO prospects (id, email, name, first_name, last_name, created_at, updated_at)
     VALUES ($1, $2, $3, 'Pat', 'Pastdue', '2036-01-05T10:00:00Z', '2036-01-05T10:00:00Z')`,
    [lead.id, lead.email, lead.name],
  );
  const orderId = randomUUID();
  await query(
    `INSERT INTO orders (id, contact_id, prospect_id, email, name, product_id, product_name, is_subscription, quantity,
                         unit_price, total_amount, status, browser_id, gateway, idempotency_key, fulfilled_at,
                         created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'team-training-seat', 'Team training', true, 2, 50000, 100000, 'SUCCEEDED',
             $2, 'demo', $2, '2036-01-05T10:05:00Z', '2036-01-05T10:05:00Z', '2036-01-05T10:05:00Z')`,
    [orderId, `e2e-subs-${tag}`, lead.id, lead.email, lead.name],
  );
  const subscriptionId = randomUUID();
  await query(
    `INSERT INTO subscriptions (id, order_id, provider_subscription_id, quantity, status, current_period_end, updated_at)
     VALUES ($1, $2, $3, 2, 'past_due', '2036-04-05T10:05:00Z', now())`,
    [subscriptionId, orderId, `sub_e2e_${tag}`],
  );
  const invoice = (key: string, from: string, to: string, status: string, at: string) =>
    query(
      `INSERT INTO subscription_invoices (id, subscription_id, provider_invoice_id, period_start, period_end, quantity,
                                          amount, currency, status, paid_at, failed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 2, 100000, 'usd', $6,
               CASE WHEN $6 = 'paid' THEN $7::timestamptz END, CASE WHEN $6 = 'failed' THEN $7::timestamptz END, now())`,
      [randomUUID(), subscriptionId, `in_e2e_${tag}_${key}`, from, to, status, at],
    );
  await invoice("1", "2036-02-05T10:05:00Z", "2036-03-05T10:05:00Z", "paid", "2036-02-05T10:05:00Z");
  await invoice("2", "2036-03-05T10:05:00Z", "2036-04-05T10:05:00Z", "failed", "2036-03-05T10:05:00Z");

  await consoleOperator.signIn(page);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Subscriptions" }).click();
  await expect(page.getByRole("heading", { name: "Subscriptions", level: 1 })).toBeVisible();
  await page.getByLabel("Status").selectOption("past_due");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions\?status=past_due/);

  const row = page.getByTestId("subscription-row").filter({ hasText: lead.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("status")).toHaveText("past due");
  await expect(row.getByTestId("seats")).toHaveText("2");
  await expect(row.getByTestId("monthly")).toHaveText("$1,000.00");
  await expect(row.getByTestId("failed-payments")).toContainText("1, last Mar 5, 2036");
  await expect(row.getByTestId("failed-payments")).toContainText("due now $1,000.00");

  await row.getByRole("link", { name: lead.email }).click();
  await expect(page.getByRole("heading", { name: lead.name, level: 1 })).toBeVisible();
  const history = page.getByTestId("billing-event");
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText("Order (succeeded)");
  await expect(history.nth(0)).toContainText("$1,000.00");
  await expect(history.nth(1)).toContainText("Renewal paid");
  await expect(history.nth(2)).toContainText("Renewal payment failed");
  await expect(history.nth(2)).toContainText("Mar 5, 2036");
  await expect(history.nth(2)).toContainText("$1,000.00");
});

import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { query } from "./helpers/funnel";
import { signInNewOperator } from "./helpers/operator";

// An operator of their own (the worker's shared one keeps the default zone) picks New York on the
// security page: a known order time then reads in New York time after a reload. They mark the
// order's lead as test: the leads list leaves it out until asked, then shows it tagged.

test("console dates in the operator's chosen zone; a lead marked as test leaves the list", async ({ page }) => {
  test.slow(); // a new operator's sign-up and enrolment on a shared machine
  const tag = randomUUID().slice(0, 8);
  const lead = { id: randomUUID(), name: `Tess Zone ${tag}`, email: `tess-zone-${tag}@example.test` };
  const orderId = randomUUID();
  await query(
    `INSERT INTO prospects (id, email, name, first_name, last_name, created_at, updated_at)
     VALUES ($1, $2, $3, 'Tess', 'Zone', '2036-01-15T14:00:00Z', '2036-01-15T14:00:00Z')`,
    [lead.id, lead.email, lead.name],
  );
  await query(
    `INSERT INTO orders (id, contact_id, prospect_id, email, name, product_id, product_name, is_subscription, quantity,
                         unit_price, total_amount, status, browser_id, gateway, idempotency_key, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'fast-forward-book', 'Fast Forward', false, 1, 700, 700, 'SUCCEEDED', $2, 'demo', $2,
             '2036-01-15T14:30:00Z', '2036-01-15T14:30:00Z')`,
    [orderId, `e2e-zone-${tag}`, lead.id, lead.email, lead.name],
  );
  await signInNewOperator(page, `zone-${tag}@example.test`);

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText("Jan 15, 2036, 2:30 PM UTC").first()).toBeVisible();

  await page.goto("/admin/operators/security");
  await page.getByRole("combobox", { name: "Time zone", exact: true }).selectOption("America/New_York");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByTestId("time-zone-current")).toContainText("shown in America/New York");

  await page.goto(`/admin/orders/${orderId}`);
  await page.reload();
  await expect(page.getByText("Jan 15, 2036, 9:30 AM EST").first()).toBeVisible();
  await expect(page.getByText("2:30 PM UTC")).toHaveCount(0);

  await page.goto(`/admin/leads/${lead.id}`);
  await page.getByRole("button", { name: "Mark as test" }).click();
  await expect(page.getByTestId("exclusion-state")).toContainText("Marked as test");
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("exclusion-tag")).toHaveText("Test");

  await page.goto(`/admin/leads?q=${encodeURIComponent(`tess zone ${tag}`)}`);
  await expect(page.getByTestId("list-count")).toHaveText("0 leads match");
  await page.getByRole("combobox", { name: "Test and spam", exact: true }).selectOption("include");
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("leads-table").locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("exclusion-tag")).toHaveText("Test");
  await expect(row).toContainText("Jan 15, 2036, 9:00 AM EST");
});

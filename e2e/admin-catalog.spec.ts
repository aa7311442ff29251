import { expect, test } from "./test";
import { query } from "./helpers/funnel";

// An owner publishes the next price of the test product, which this server does not sell, so no
// other spec's prices move: the confirmation says what will be charged, the new version is listed
// as current with its publisher, and the publish is audited.

test("an owner publishes a new price version from the catalog page", async ({ page, consoleOperator }) => {
  test.slow(); // a sign-in and several page loads on a shared machine
  const email = await consoleOperator.signIn(page);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Catalog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();

  const section = page.getByRole("region", { name: "Realtime AI Academy team training (test purchase)" });
  const form = section.getByRole("form", { name: "New price for team-training-test" });
  await form.getByLabel("Price ($)").fill("abc");
  await form.getByRole("button", { name: "Review new price" }).click();
  await expect(form.getByRole("alert")).toHaveText("Enter prices in dollars, such as 7 or 47.97.");

  await form.getByLabel("Price ($)").fill("2");
  await form.getByRole("button", { name: "Review new price" }).click();
  const confirm = form.getByRole("alertdialog", { name: "Confirm new price" });
  await expect(confirm).toContainText("Every order created from now on is charged $2, 1 to 50 per order.");
  await confirm.getByRole("button", { name: "Publish price" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Version \d+ is now the price\.$/);

  const current = section.getByRole("row").nth(1);
  await expect(current).toContainText("(current)");
  await expect(current).toContainText("$2");
  await expect(current).toContainText(email);
  const [audit] = await query<{ n: string }>(
    `SELECT count(*) AS n FROM audit_log a JOIN operator_users o ON o.id = a.operator_id
      WHERE a.action = 'catalog.publish' AND o.email = $1`,
    [email],
  );
  expect(Number(audit?.n)).toBe(1);
});

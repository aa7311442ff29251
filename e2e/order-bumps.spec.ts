import { expect, test } from "./test";
import { fillCard } from "./helpers/checkout";
import { query } from "./helpers/funnel";

// Order bumps on the simple checkout: a buyer ticks the seeded one (the course on the book) and
// pays it in the same payment; an owner adds one in the console and the checkout shows it as
// written. The owner's bump goes on products of its own, so no other spec's checkout changes.

const unique = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test("a buyer ticks a bump, sees the total change and pays it with the book", async ({ page }) => {
  test.slow(); // a new payment is created for the ticked order
  await page.goto("/checkout?product=fast-forward-book");
  const email = `${unique("bump-buyer")}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  // The first payment of a freshly started server takes seconds on a loaded machine.
  await expect(page.getByLabel("Card number")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("order-total")).toHaveText("$7");

  const bump = page.getByRole("checkbox", { name: /Yes! Add AI Step By Step to my order — \$497/ });
  await expect(bump).not.toBeChecked();
  await bump.check();
  await expect(page.getByTestId("order-bump-line")).toHaveText(/AI Step By Step \(added to your order\).*\$497/);
  await expect(page.getByTestId("order-total")).toHaveText("$504");
  // The ticked order is another payment: the form waits for it, then takes the card.
  await expect(page.getByLabel("Card number")).toBeVisible({ timeout: 20_000 });
  await fillCard(page);
  await page.getByRole("button", { name: "Complete Purchase" }).click();

  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText("Fast Forward (digital book) + AI Step By Step")).toBeVisible();
  const rows = await query<{ total_amount: number; status: string; product_code: string; amount: number }>(
    `SELECT o.total_amount, o.status::text AS status, b.product_code, b.amount
       FROM orders o JOIN order_bumps b ON b.order_id = o.id
      WHERE o.email = $1 AND o.status = 'SUCCEEDED'`,
    [email],
  );
  expect(rows).toEqual([
    { total_amount: 50_400, status: "SUCCEEDED", product_code: "ai-step-by-step", amount: 49_700 },
  ]);
});

test("an owner adds a bump in the console and the checkout offers it as written", async ({ page, consoleOperator }) => {
  test.slow(); // a sign-in, a publish and the checkout
  const main = unique("e2e-main");
  const extra = unique("e2e-extra");
  for (const [code, name, cents, position] of [
    [main, "Bump test main product", 1_000, 90],
    [extra, "Bump test extra", 2_500, 91],
  ] as const) {
    await query(`INSERT INTO catalog_products (code, name, kind, position) VALUES ($1, $2, 'one_time', $3)`, [
      code,
      name,
      position,
    ]);
    await query(
      `INSERT INTO catalog_prices (id, product_code, version, unit_amount, min_quantity, max_quantity, created_by)
       VALUES (gen_random_uuid(), $1, 1, $2, 1, 1, 'e2e')`,
      [code, cents],
    );
  }

  await consoleOperator.signIn(page);
  await page.goto("/admin/catalog");
  const section = page.getByRole("region", { name: "Bump test main product" });
  await section.getByText("Add a bump").click();
  const form = section.getByRole("form", { name: `New bump for ${main}` });
  await form.getByLabel("Product offered").selectOption({ label: "Bump test extra" });
  await form.getByLabel("Headline").fill("Add the extra, written by the operator");
  await form.getByLabel("Description").fill("Twenty-five dollars, once.");
  await form.getByRole("button", { name: "Add bump" }).click();
  await expect(form.getByRole("status")).toHaveText("Version 1 of the bump is published.");
  await expect(section.getByRole("table", { name: `Order bumps of ${main}` })).toContainText(
    "Add the extra, written by the operator",
  );

  // The new products reach the checkout's catalog read within its 5 s cache.
  await expect(async () => {
    await page.goto(`/checkout?product=${main}`);
    await expect(page.getByRole("checkbox", { name: /Add the extra, written by the operator — \$25/ })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText("Twenty-five dollars, once.")).toBeVisible();
  await page.getByRole("checkbox", { name: /Add the extra/ }).check();
  await expect(page.getByTestId("order-total")).toHaveText("$35");
});

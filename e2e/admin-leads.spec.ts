import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "./test";
import { seedConsoleMonth } from "./helpers/console-seed";
import { query } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { shot } from "./helpers/screenshots";

// An operator searches a lead by name, opens its page (answers, orders), and exports the filtered
// list as CSV, which holds that lead; the export is in the audit log. The lead's page, with its
// tables, is measured for sideways scroll at both widths.

test(
  "search a lead, open its page, export the filter as CSV",
  { tag: "@viewport" },
  async ({ page, consoleOperator }, testInfo) => {
    test.slow(); // several page loads and a sign-in on a shared machine
    const month = testInfo.project.name === "mobile" ? "2035-06" : "2035-05";
    const { leadA, tag, orderA } = await seedConsoleMonth(month);
    // A partial refund of the lead's order, as the provider's webhook would record it.
    await query(
      `INSERT INTO refunds (id, order_id, amount, currency, provider_refund_id, source, created_at)
     VALUES ($1, $2, 10000, 'usd', $3, 'provider', $4)`,
      [randomUUID(), orderA, `re_e2e_lead_${tag}`, `${month}-05T09:00:00Z`],
    );
    const email = await consoleOperator.signIn(page);

    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Leads" }).click();
    await page.getByLabel("Name or e-mail contains").fill(`ada console ${tag}`);
    await page.getByLabel("Created from (UTC)").fill(`${month}-01`);
    await page.getByLabel("Created to (UTC, included)").fill(`${month}-28`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/leads\?q=ada/);
    const rows = page.getByTestId("leads-table").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId("list-count")).toHaveText("1 lead matches");
    await expect(rows.first()).toContainText(leadA.email);
    await expect(rows.first()).toContainText("Business owner");
    await expectNoHorizontalOverflow(page);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Leads CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^leads-[\d-]+\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .trim()
      .split("\n");
    expect(csv[0]).toMatch(/^id,created_at,name,email,track,qualified,/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`${leadA.id},${month}-01T10:01:00.000Z,${leadA.name},${leadA.email},BUSINESS_OWNER,true`);
    const audit = await query<{ details: { rows: number; filter: Record<string, string> } }>(
      `SELECT a.details FROM audit_log a JOIN operator_users u ON u.id = a.operator_id
      WHERE u.email = $1 AND a.action = 'export.leads' AND a.details->'filter'->>'from' = $2`,
      [email, `${month}-01`],
    );
    expect(audit.map((a) => a.details.rows)).toEqual([1]);

    await rows.first().getByRole("link", { name: leadA.name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadA.name);
    await expect(page.getByTestId("lead-email")).toHaveText(leadA.email);
    await expect(page.getByTestId("survey")).toContainText("qualified");
    await expect(page.getByTestId("orders")).toContainText("AI Step By Step");
    await expect(page.getByTestId("orders")).toContainText("$497.00");
    await expect(page.getByTestId("lead-order-refunds")).toHaveText(/^\$100\.00 on .+ 9:00\sAM UTC$/);
    await expect(page.getByTestId("timeline")).toContainText("Page viewed: /");
    await expect(page.getByTestId("consent")).toContainText("subscribed (not on the suppression list)");
    await expectNoHorizontalOverflow(page);
    await shot(page, `lead-${testInfo.project.name}`);

    // The lead's order opens the order page; the order list's buyer opens the lead page again.
    await page.getByTestId("orders").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderA}$`));
    await page.goto(`/admin/orders?q=${encodeURIComponent(leadA.email)}`);
    await page.getByTestId("order-row").getByRole("link", { name: leadA.email }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${leadA.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadA.name);
  },
);

// Desktop only: the operator's own changes on a lead, read back after a reload.
test("search a lead, read its timeline, add a note and a tag that stay after a reload", async ({
  page,
  consoleOperator,
}) => {
  test.slow(); // a sign-in and several page loads on a shared machine
  const { leadA, tag } = await seedConsoleMonth("2035-08");
  await query(
    `INSERT INTO funnel_events (session_id, step, action, data, client_timestamp, received_at)
     VALUES ($1, 6, 'checkout_click', '{"target":"/checkout","button":"buy"}', $2, $2)`,
    [`e2e-console-${tag}-a`, "2035-08-01T10:06:00Z"],
  );
  await consoleOperator.signIn(page);
  await page.goto("/admin/leads");
  await page.getByLabel("Name or e-mail contains").fill(leadA.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("list-count")).toHaveText("1 lead matches");
  await page.getByTestId("leads-table").getByRole("link", { name: leadA.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadA.name);

  // One line per step, in words; the repeated click counted on its line.
  await expect(page.getByTestId("timeline-line")).toHaveText([
    "Page viewed: /",
    "Offer accepted: went to checkout (/checkout) ×2",
  ]);
  await expect(page.getByTestId("timeline")).not.toContainText("{");

  await page.getByLabel("New note").fill(`Called ${tag}: wants the team training`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("lead-notes")).toContainText(`Called ${tag}: wants the team training`);
  await page.getByLabel("New tag").fill("Call Back");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByTestId("lead-tags")).toContainText("call back");

  await page.reload();
  await expect(page.getByTestId("lead-notes")).toContainText(`Called ${tag}: wants the team training`);
  await expect(page.getByTestId("lead-tags")).toContainText("call back");
  await expect(page.getByRole("button", { name: "Remove tag call back" })).toBeVisible();
});

import { expect, test } from "./test";
import { seedConsoleMonth } from "./helpers/console-seed";
import { recordTrackedActions } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { shot } from "./helpers/screenshots";

// The console's overview shows, for a linkable range, the funnel with conversions and splits,
// revenue per product and new leads per day, equal to a small data set counted by hand
// (helpers/console-seed.ts), and reads on a 390 px phone without sideways page scroll. The
// numbers are the same at any width: only the desktop project counts them.

test("the overview's numbers for a range equal the hand-counted data set", async ({ page, consoleOperator }) => {
  test.slow(); // several page loads and a sign-in on a shared machine
  // A month of its own, so no other test's data mixes in.
  const month = "2035-03";
  await seedConsoleMonth(month);
  await consoleOperator.signIn(page);

  // The range is chosen with the form and lands in the address bar.
  await page.getByLabel("From (UTC)").fill(`${month}-01`);
  await page.getByLabel("To (UTC, included)").fill(`${month}-07`);
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${month}-01&to=${month}-07`));
  await expect(page.getByTestId("range-label")).toHaveText(`${month}-01 to ${month}-07 (UTC days, both included)`);

  // Nested steps per path: the $7 session (b) is its own path, the session without a landing view (d) in none.
  const expected: [string, string, string, string, string][] = [
    ["free", "page_load", "2", "—", "$248.50"],
    ["free", "opt_in", "2", "100%", "$248.50"],
    ["free", "survey", "1", "50%", "$497"],
    ["free", "qualified_or_offer", "1", "100%", "$497"],
    ["free", "checkout", "1", "100%", "$497"],
    ["free", "paid", "1", "100%", "$497"],
    ["paid", "page_load", "1", "—", "$0"],
    ["paid", "checkout", "1", "100%", "$0"],
    ["paid", "paid", "1", "100%", "$0"],
  ];
  for (const [path, step, sessions, conversion, revenue] of expected) {
    const table = page.getByTestId(`funnel-${path}`);
    await expect(table.getByTestId(`funnel-${path}-${step}`)).toHaveText(sessions);
    await expect(table.getByTestId(`conversion-${path}-${step}`)).toHaveText(conversion);
    await expect(table.getByTestId(`revenue-${path}-${step}`)).toHaveText(revenue);
  }
  await expect(page.getByTestId("funnel-without-landing")).toContainText("1 sessions had no tracked landing view");
  // The refunded $7 book adds nothing: $497 over 4 sessions.
  await expect(page.getByTestId("funnel-net-revenue")).toHaveText("$497");
  await expect(page.getByTestId("funnel-revenue-per-session")).toHaveText("$124.25");
  const funnelChart = page.getByRole("img", { name: /Free-book path.*: sessions reaching each step/ });
  await expect(funnelChart).toBeVisible();
  await expect(funnelChart).toHaveAccessibleName(/Page load: 2 \(—\); Opt-in: 2 \(100%\); Survey: 1 \(50%\)/);

  const revenue = page.getByTestId("revenue-table");
  await expect(revenue.locator('[data-product="ai-step-by-step"] [data-testid="net"]')).toHaveText("$497.00");
  await expect(revenue.locator('[data-product="fast-forward-book"] [data-testid="gross"]')).toHaveText("$7.00");
  await expect(revenue.locator('[data-product="fast-forward-book"] [data-testid="refunded"]')).toContainText("$7.00");
  await expect(revenue.locator('[data-product="fast-forward-book"] [data-testid="net"]')).toHaveText("$0.00");
  await expect(revenue.locator('[data-product="total"] [data-testid="gross"]')).toHaveText("$504.00");
  await expect(revenue.locator('[data-product="total"] [data-testid="net"]')).toHaveText("$497.00");

  // Each chart names its numbers, the previous seven days (February: nothing seeded) beside them.
  const revenueChart = page.getByRole("img", {
    name: new RegExp(`Net revenue per day in US dollars, ${month}-01 to ${month}-07: \\$497`),
  });
  await expect(revenueChart).toBeVisible();
  await expect(revenueChart).toHaveAccessibleName(
    new RegExp(`\\$497 in all, most on ${month}-01 \\(\\$497\\); previous period 2035-02-22 to 2035-02-28: \\$0`),
  );
  await expect(page.getByTestId("leads-total")).toHaveText("2");
  const leadsChart = page.getByRole("img", {
    name: new RegExp(`New leads per day, ${month}-01 to ${month}-07: 2 in all`),
  });
  await expect(leadsChart).toBeVisible();
  await expect(leadsChart).toHaveAccessibleName(
    new RegExp(
      `most on ${month}-01 \\(1\\); previous period 2035-02-22 to 2035-02-28: 0, the previous period had none`,
    ),
  );
  // The table is one click away.
  const perDay = page.getByTestId("leads-per-day-table");
  await expect(perDay).toBeHidden();
  await page.locator("details", { has: perDay }).getByText("Show as table").click();
  await expect(perDay.locator("tbody tr")).toHaveCount(7);
  await expect(perDay.locator(`[data-day="${month}-01"] td`)).toHaveText(["1", "2035-02-22", "0"]);
  await expect(perDay.locator(`[data-day="${month}-02"] td`).first()).toHaveText("0");
  await expect(perDay.locator(`[data-day="${month}-03"] td`).first()).toHaveText("1");
  await expect(perDay.getByTestId("total")).toHaveText("2");
  await expect(page.getByRole("img", { name: /Seat MRR at the end of each day/ })).toHaveAccessibleName(
    new RegExp(` on ${month}-07; highest `),
  );
  await expect(page.getByTestId("active-seats")).toBeVisible();

  // Split by landing page; the range stays.
  await page.getByLabel("Split by").selectOption("landing");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/split=landing/);
  await expect(page).toHaveURL(new RegExp(`from=${month}-01`));
  const segments = page.getByTestId("funnel-segments");
  const sessionsOf = (segment: string) => segments.locator(`[data-segment="${segment}"] td`).first();
  await expect(sessionsOf("free")).toHaveText("2");
  await expect(sessionsOf("paid")).toHaveText("1");
  await expect(sessionsOf("unknown")).toHaveText("1");

  await expectNoHorizontalOverflow(page);
  await shot(page, "overview");
});

// At the phone's width on the desktop project too (the mobile project runs @viewport tests only).
test("a preset range is a link and reads at 390 px without sideways scroll", async ({ page, consoleOperator }) => {
  test.slow(); // several page loads and a sign-in on a shared machine
  await page.setViewportSize({ width: 390, height: 844 });
  await consoleOperator.signIn(page);
  await page.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\/admin\?days=7$/);
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: /^Funnel/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "overview-390");
});

// The overview's landing split reads the first page_load's page: the $7 pages must send one too.
for (const path of ["/paid", "/paid-alt"])
  test(`${path} records funnel step 1 page_load with its own page`, async ({ page }) => {
    const events = await recordTrackedActions(page);
    await page.goto(`${path}?utm_source=e2e-paid`);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ step: 1, action: "page_load", data: { page: path, utm_source: "e2e-paid" } });
  });

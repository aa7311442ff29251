import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./test";
import { buySeats } from "./helpers/checkout";
import { seedConsoleMonth } from "./helpers/console-seed";
import { queryOn } from "./helpers/funnel";
import { claimOfferSurface, seedOfferExperiment } from "./helpers/offer-experiment";
import { signInNewOperator } from "./helpers/operator";
import { STRIPE_MODE_PORT } from "./ports";
import { parseCsv } from "../tests/support/csv";
import { MIN_CONVERSIONS, MIN_VISITORS_PER_ARM } from "../lib/experiments/shared/stats/thresholds";
import { refundOneUnusedSeat } from "./helpers/console-refund";

// The console as a new operator first meets it, one page after another: the overview of a
// hand-counted month, a lead found by name and its timeline, a team order with one unused seat
// refunded and removed, the orders CSV beside the list it came from, and a split test too small for
// a verdict. Every number on the screen is checked against the seed, written out by hand below.
//
// The month is helpers/console-seed.ts's data set (its header counts it): 4 sessions; free-book
// path page_load 2, opt-in 2, survey 1, qualified 1, checkout 1, paid 1 ($497, lead A); $7 path
// page_load 1, checkout 1, paid 1 (the $7 book, refunded on day 2); one session with no landing
// view; leads on days 1 and 3. The team order is bought now: 3 seats at $500, then $500 and one
// seat given back. The split test is helpers/offer-experiment.ts's, on the Stripe-mode server,
// where a running one changes no other spec's pages: the walk signs in there for its last stop.

/** "$1,500" or "—" (nothing) as cents. */
const screenCents = (text: string) => (text.trim() === "—" ? 0 : Math.round(Number(text.replace(/[$,]/g, "")) * 100));
/** "1500.00" as cents. */
const csvCents = (text: string) => Math.round(Number(text) * 100);

/** The value a definition list gives `term`. */
const definition = (scope: Page | Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

const innerText = { useInnerText: true };

test("a new operator walks the console: overview, a lead, a seat refund, the orders CSV, a split test", async ({
  page,
  browser,
  consoleOperator,
}, testInfo) => {
  // A new operator's set-up, a purchase, a refund, a download and a second server on a shared machine.
  test.setTimeout(240_000);
  // A month of its own for every run of this test (--repeat-each, a retry): no earlier run's rows mix in.
  const year = 2040 + testInfo.repeatEachIndex + 10 * testInfo.retry;
  const month = `${year}-10`;
  const { tag, leadA } = await seedConsoleMonth(month);
  const seatBuyer = `walk-seats-${tag}@example.test`;
  const transactionId = await buySeats(browser, 3, seatBuyer);

  await test.step("sign in for the first time through the setup link", async () => {
    await signInNewOperator(page, `e2e-walk-${tag}@example.test`);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  });

  await test.step("the overview: funnel, revenue, leads, the charts and the health strip", async () => {
    await page.getByLabel("From (UTC)").fill(`${month}-01`);
    await page.getByLabel("To (UTC, included)").fill(`${month}-07`);
    await page.getByRole("button", { name: "Show range" }).click();
    await expect(page.getByText(`${month}-01 to ${month}-07 (UTC days, both included)`)).toBeVisible();

    const funnel = page.getByRole("region", { name: /^Funnel/ });
    await expect(funnel.getByRole("heading", { level: 2 })).toHaveText("Funnel (4 sessions started)");
    // $497 net over the 4 sessions started.
    await expect(funnel).toContainText("Net revenue $497, per session started $124.25");
    // Each step counts the sessions that passed every earlier one; revenue per session is $497 over them.
    await expect(funnel.getByRole("table", { name: "Free-book path (landing /)" }).getByRole("row")).toHaveText(
      [
        "Step Sessions From previous Net revenue per session",
        "Page load 2 — $248.50",
        "Opt-in 2 100% $248.50",
        "Survey 1 50% $497",
        "Qualified or offer 1 100% $497",
        "Checkout 1 100% $497",
        "Paid 1 100% $497",
      ],
      innerText,
    );
    // The $7 session's order was refunded in full: paid, and nothing left.
    await expect(
      funnel.getByRole("table", { name: "$7 path (/paid landings: straight to checkout, no opt-in)" }).getByRole("row"),
    ).toHaveText(
      [
        "Step Sessions From previous Net revenue per session",
        "Page load 1 — $0",
        "Checkout 1 100% $0",
        "Paid 1 100% $0",
      ],
      innerText,
    );
    await expect(funnel).toContainText("1 sessions had no tracked landing view");
    await expect(funnel.getByRole("img", { name: /^Funnel, Free-book path/ })).toHaveAccessibleName(
      "Funnel, Free-book path (landing /): sessions reaching each step " +
        "Page load: 2 (—); Opt-in: 2 (100%); Survey: 1 (50%); Qualified or offer: 1 (100%); Checkout: 1 (100%); Paid: 1 (100%)",
    );
    await expect(funnel.getByRole("img", { name: /^Funnel, \$7 path/ })).toHaveAccessibleName(
      /sessions reaching each step Page load: 1 \(—\); Checkout: 1 \(100%\); Paid: 1 \(100%\)$/,
    );

    const revenue = page.getByRole("region", { name: "Revenue", exact: true });
    await expect(revenue.getByRole("region", { name: "Revenue table (scrolls sideways)" }).getByRole("row")).toHaveText(
      [
        "Product Paid Gross Refunded Net Renewals Failed renewals MRR",
        "AI Step By Step 1 $497.00 $0.00 0 orders $497.00 — — —",
        "Fast Forward (digital book) 1 $7.00 $7.00 1 order $0.00 — — —",
        "Total $504.00 $7.00 $497.00",
      ],
      innerText,
    );
    await expect(revenue.getByRole("img", { name: /^Revenue by product/ })).toHaveAccessibleName(
      "Revenue by product: gross (full bar) and net (inner bar) " +
        "AI Step By Step: $497.00 net of $497.00; Fast Forward (digital book): $0.00 net of $7.00",
    );
    // The $7 refund falls on day 2 of the range, the $497 on day 1; the week before had nothing.
    await expect(revenue.getByRole("img", { name: /^Net revenue per day/ })).toHaveAccessibleName(
      `Net revenue per day in US dollars, ${month}-01 to ${month}-07: $497, previous period dashed ` +
        `$497 in all, most on ${month}-01 ($497); previous period ${year}-09-24 to ${year}-09-30: $0, the previous period had none.`,
    );

    // Seats are today's, of every order of this server: only that the charts are there and named.
    const seats = page.getByRole("region", { name: /^Team seats/ });
    await expect(
      seats.getByRole("img", { name: `Seat MRR at the end of each day, ${month}-01 to ${month}-07` }),
    ).toBeVisible();
    await expect(
      seats.getByRole("img", { name: `Active seats at the end of each day, ${month}-01 to ${month}-07` }),
    ).toBeVisible();

    const leads = page.getByRole("region", { name: /^New leads/ });
    await expect(leads.getByRole("heading", { level: 2 })).toHaveText("New leads 2");
    await expect(leads.getByRole("img")).toHaveAccessibleName(
      `New leads per day, ${month}-01 to ${month}-07: 2 in all, previous period dashed ` +
        `2 in all, most on ${month}-01 (1); previous period ${year}-09-24 to ${year}-09-30: 0, the previous period had none.`,
    );

    // The demo server: no Stripe or Resend key, the bundled video.
    await expect(page.getByRole("region", { name: "Setup and health: notes" }).getByRole("listitem")).toHaveText([
      /^Note: Demo payments\./,
      /^Note: E-mail is logged, not sent\./,
      /^Note: Sample video\./,
    ]);
  });

  await test.step("a lead: found by name, its page and its timeline, one line per step", async () => {
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Leads" }).click();
    await page.getByLabel("Name or e-mail contains").fill(`Ada Console ${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("1 lead matches")).toBeVisible();
    const list = page.getByRole("region", { name: "Leads (scrolls sideways)" });
    await expect(list.getByRole("row")).toHaveText(
      [
        "Lead Created First touch Track Qualified Paid orders",
        `${leadA.name} ${leadA.email} Oct 1, ${year}, 10:01 AM UTC e2e-console Business owner Yes 1`,
      ],
      innerText,
    );
    await list.getByRole("link", { name: leadA.name }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadA.name);
    await expect(page.getByText(leadA.email, { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Survey answers" })).toContainText(
      `Oct 1, ${year}, 10:03 AM UTC · Business owner · qualified`,
      innerText,
    );
    await expect(
      page.getByRole("region", { name: "Orders (scrolls sideways)" }).getByRole("row").filter({ hasText: "AI Step" }),
    ).toHaveText(`Oct 1, ${year}, 10:06 AM UTC AI Step By Step 1 $497.00 — succeeded —`, innerText);
    // Session a: the landing view at 10:00, the checkout click at 10:05.
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText("1 session(s); 2 events, oldest first.");
    await expect(timeline.getByRole("listitem")).toHaveText(
      [
        `Oct 1, ${year}, 10:00 AM UTC Page viewed: /`,
        `Oct 1, ${year}, 10:05 AM UTC Offer accepted: went to checkout (/checkout)`,
      ],
      innerText,
    );
  });

  await test.step("an order: one unused seat of three refunded and removed", async () => {
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" }).click();
    await page.getByLabel("Search").fill(seatBuyer);
    await page.getByRole("button", { name: "Filter" }).click();
    const row = page.getByRole("row").filter({ hasText: seatBuyer });
    await expect(row.getByRole("cell").nth(2)).toHaveText("Realtime AI Academy team training — 3 seats");
    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${transactionId}$`));

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Realtime AI Academy team training × 3");
    await expect(definition(page, "Total")).toHaveText("$1,500 USD");
    await expect(definition(page, "Seats")).toHaveText("3");
    await expect(definition(page, "Monthly recurring")).toHaveText("$1,500");

    await refundOneUnusedSeat(page);

    // Two seats of the three bought, $500 back, $1,000 kept and $1,000 a month from now on.
    await expect(definition(page, "Seats")).toHaveText("2 (bought 3)");
    await expect(definition(page, "Monthly recurring")).toHaveText("$1,000");
    await expect(definition(page, "Refunded")).toHaveText("$500 (partial)");
    await expect(definition(page, "Net")).toHaveText("$1,000");
    await expect(page.getByText("$1,000 left to refund.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Seat changes" }).getByRole("listitem")).toHaveText(
      /: 3 → 2 seats with a refund: “One seat was never used”$/,
    );
  });

  await test.step("the orders CSV agrees with the list it was downloaded from, to the cent", async () => {
    // The seed's two orders and the team order all carry the tag in the buyer's e-mail.
    await page.getByRole("link", { name: "← Orders" }).click();
    await page.getByLabel("Search").fill(tag);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("order-totals")).toHaveText(
      "3 orders gross $2,004 refunded $507 net $1,497 Download CSV",
      innerText,
    );
    // Newest first: the seed's orders are dated in the future.
    const rows = page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveText(
      [
        `Oct 2, ${year}, 10:06 AM UTC buyer-${tag}@example.test Fast Forward (digital book) $7 $7 $0 refunded`,
        `Oct 1, ${year}, 10:06 AM UTC ${leadA.email} AI Step By Step $497 — $497 succeeded`,
        // Bought today: its time is a pattern, which meets the cells' own tabs and line breaks.
        new RegExp(
          `^\\w{3} \\d+, \\d{4}, \\d+:\\d\\d [AP]M UTC\\s+${seatBuyer}\\s+Realtime AI Academy team training — 2 seats \\(bought 3\\)` +
            `\\s+\\$1,500\\s+\\$500\\s+\\$1,000\\s+partially refunded\\s*$`,
        ),
      ],
      innerText,
    );

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-[\d-]+\.csv$/);
    const [header, ...records] = parseCsv(readFileSync(await download.path(), "utf8").trimEnd());
    const column = (record: string[] | undefined, name: string) => record?.[header?.indexOf(name) ?? -1] ?? "";
    const pick = (record: string[]) =>
      ["email", "product", "quantity", "current_seats", "unit_price", "total", "refunded", "net", "status"].map(
        (name) => column(record, name),
      );
    expect(records.map(pick)).toEqual([
      [`buyer-${tag}@example.test`, "Fast Forward (digital book)", "1", "", "7.00", "7.00", "7.00", "0.00", "REFUNDED"],
      [leadA.email, "AI Step By Step", "1", "", "497.00", "497.00", "0.00", "497.00", "SUCCEEDED"],
      [
        seatBuyer,
        "Realtime AI Academy team training",
        "3",
        "2",
        "500.00",
        "1500.00",
        "500.00",
        "1000.00",
        "PARTIALLY REFUNDED",
      ],
    ]);

    // Row by row, the file says what the screen says; its columns add up to the totals above.
    const screen = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.innerText.trim())),
    );
    expect(screen).toHaveLength(records.length);
    records.forEach((record, i) => {
      const [, buyer = "", product = "", total = "", refunded = "", net = "", status = ""] = screen[i] ?? [];
      expect(buyer).toBe(column(record, "email"));
      expect(product.startsWith(column(record, "product"))).toBe(true);
      expect(screenCents(total)).toBe(csvCents(column(record, "total")));
      expect(screenCents(refunded)).toBe(csvCents(column(record, "refunded")));
      expect(screenCents(net)).toBe(csvCents(column(record, "net")));
      expect(status.toUpperCase()).toBe(column(record, "status"));
    });
    const sum = (name: string) => records.reduce((cents, record) => cents + csvCents(column(record, name)), 0);
    expect([sum("total"), sum("refunded"), sum("net")]).toEqual([200_400, 50_700, 149_700]);
  });

  await test.step("a split test below the minimum sample: no verdict yet, a preview per variant", async () => {
    const releaseSurface = await claimOfferSurface();
    const key = `e2e-walk-${tag}`;
    try {
      await seedOfferExperiment(key, true);
      await consoleOperator.signIn(page, STRIPE_MODE_PORT);
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Experiments" }).click();
      await page.getByRole("link", { name: key }).click();
      await expect(page.getByRole("heading", { name: key, level: 1 })).toBeVisible();

      // 4 visitors a variant and 3 buyers (c1, t1, t2), far below the guard.
      await expect(page.getByRole("status").filter({ hasText: "Not enough visitors yet" })).toContainText(
        `Not enough visitors yet: 4 of ${MIN_VISITORS_PER_ARM.toLocaleString("en-US")} visitors per variant ` +
          `and 3 of ${MIN_CONVERSIONS.toLocaleString("en-US")} buyers.`,
      );
      const variants = page.getByRole("table", { name: "Funnel per variant" });
      await expect(variants.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveText(
        ["countdown (control) 4 2 (50.0 %) 1 (25.0 %) $197 $49.25", "team 4 3 (75.0 %) 2 (50.0 %) $200 $50"],
        innerText,
      );
      await expect(page.getByRole("link", { name: /^Preview/ })).toHaveCount(2);
      for (const variant of ["countdown", "team"])
        await expect(page.getByRole("link", { name: `Preview ${variant}` })).toHaveAttribute(
          "href",
          `/oto-realtime-ai-academy?variant=${variant}`,
        );
    } finally {
      // Rolled back to the configured variant, so the offer page of that server looks as before.
      await queryOn(
        STRIPE_MODE_PORT,
        `UPDATE experiments SET status = 'stopped', stopped_at = now(), rolled_out_variant = 'countdown', updated_at = now()
          WHERE key = $1 AND status = 'running'`,
        [key],
      );
      await releaseSurface();
    }
  });
});

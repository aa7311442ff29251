import pg from "pg";
import PgBoss from "pg-boss";
import { seriousViolations } from "./helpers/axe";
import { fillCard } from "./helpers/checkout";
import { databaseUrl, query } from "./helpers/funnel";
import { outboxTo } from "./helpers/outbox";
import { pollUntil } from "./helpers/poll";
import { PORT } from "./ports";
import { expect, test, waitForHydration } from "./test";

// Abandoned checkout recovery as a buyer lives it: the e-mail is given on /checkout and the tab is
// closed; an hour later (the order is backdated) the recovery job e-mails a link, which opens —
// in another browser — a checkout for that same order. Paying there works once: the success page
// shows the login, and the link then says the order is paid. The resumed checkout passes axe at
// both widths.

const email = `recover-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function runRecoveryJob(): Promise<void> {
  // What the 5-minute cron does: one job on the queue, which the server's own worker runs.
  const pool = new pg.Pool({ connectionString: databaseUrl(PORT), max: 1 });
  try {
    const boss = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) }, schema: "pgboss" });
    // null: the queue is stately and a job is already waiting; it runs after this backdate too.
    await boss.send("checkout-recovery", {});
  } finally {
    await pool.end();
  }
}

test(
  "a recovery e-mail's link resumes the abandoned order and pays it once",
  { tag: "@viewport" },
  async ({ page, browser }) => {
    test.slow();
    await page.goto("/checkout?product=fast-forward-book");
    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/create-payment-intent") && response.status() === 200,
    );
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Full name").fill("Grace Hopper");
    const { transactionId, paymentIntentId } = (await (await created).json()) as {
      transactionId: string;
      paymentIntentId: string;
    };
    await expect(page.getByLabel("Card number")).toBeVisible();
    await page.close();

    await query("UPDATE orders SET created_at = now() - interval '61 minutes' WHERE id = $1", [transactionId]);
    await runRecoveryJob();
    const [queued] = await pollUntil(
      () =>
        query<{ id: string }>("SELECT id FROM outgoing_emails WHERE order_id = $1 AND template = 'checkout-recovery'", [
          transactionId,
        ]),
      (rows) => expect(rows).toHaveLength(1),
      30_000,
    );
    const mail = outboxTo(email).find((m) => m.id === queued?.id);
    const link = /href="([^"]*\/checkout\/resume\?token=[^"]+)"/.exec(mail?.html ?? "")?.[1];
    expect(link).toBeTruthy();

    // The e-mail is opened on another device: no cookie, no session storage from the first tab.
    const phone = await browser.newContext();
    const resumed = await phone.newPage();
    const opened = await resumed.goto(link!.replace(/&amp;/g, "&"));
    // The link pays for an order: no browser or shared cache keeps the page, no search engine lists it.
    expect(opened?.headers()["cache-control"]).toBe("private, no-store, max-age=0");
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await waitForHydration(resumed);
    await expect(resumed.getByRole("heading", { name: "Complete your purchase" })).toBeVisible();
    await expect(resumed.getByTestId("resume-email")).toHaveText(email);
    await expect(resumed.getByTestId("order-line")).toContainText("Fast Forward (digital book)");
    await expect(resumed.getByTestId("order-total")).toHaveText("$7");
    expect(await seriousViolations(resumed), "the resumed checkout").toEqual([]);
    await fillCard(resumed);
    await resumed.getByRole("button", { name: "Complete Purchase" }).click();

    await expect(resumed).toHaveURL(/\/payment-success$/);
    // The claim hashes a password and renders the receipt: slow on a loaded two-core machine.
    await expect(resumed.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
    await expect(resumed.getByTestId("login-email")).toHaveText(email);
    await expect(resumed.getByTestId("login-password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
    await expect(resumed.getByTestId("transaction-id")).toHaveText(transactionId);

    // The same order and intent were paid, once; the link now says so instead of offering a form.
    const [order] = await query<{ status: string; provider_payment_id: string; accounts: string; receipts: string }>(
      `SELECT status, provider_payment_id,
            (SELECT count(*) FROM issued_accounts WHERE order_id = o.id) AS accounts,
            (SELECT count(*) FROM outgoing_emails WHERE order_id = o.id AND template = 'purchase-confirmation') AS receipts
       FROM orders o WHERE id = $1`,
      [transactionId],
    );
    expect(order).toEqual({ status: "SUCCEEDED", provider_payment_id: paymentIntentId, accounts: "1", receipts: "1" });
    await resumed.goto(link!.replace(/&amp;/g, "&"));
    await expect(resumed.getByText("This order has already been paid.")).toBeVisible();
    await expect(resumed.getByLabel("Card number")).toHaveCount(0);

    await resumed.goto("/checkout/resume?token=not-a-token");
    await expect(resumed.getByText("This link is not valid or has expired.")).toBeVisible();
    expect(await seriousViolations(resumed), "an invalid link").toEqual([]);
    await phone.close();
  },
);

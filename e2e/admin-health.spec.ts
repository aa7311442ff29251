import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { query } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { E2E_OPERATOR_PASSWORD, signInNewOperator } from "./helpers/operator";
import { PORT } from "./ports";

// The console's health strip as an operator sees it on the demo server (no Stripe or Resend key,
// the sample video, a worker beside it, SITE_URL http://localhost:<port>): exactly those notes, on
// every console page, readable at 375 px; an outbox e-mail reads "Logged (not sent)"; and the
// same server opened at 127.0.0.1 says where its console is instead of "Invalid origin".

test.describe.configure({ timeout: 120_000 });

test("a signed-in operator sees what the demo server's configuration implies", async ({ page }, testInfo) => {
  await signInNewOperator(page, `e2e-health-${testInfo.project.name}-${randomUUID()}@example.com`);
  const strip = page.getByRole("region", { name: "Setup and health: notes" });
  await expect(strip.getByRole("listitem")).toHaveText([
    "Note: Demo payments. Checkout takes the demo test cards and charges nothing, because no Stripe key is set. Set STRIPE_SECRET_KEY, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.",
    "Note: E-mail is logged, not sent. No e-mail provider is configured (RESEND_API_KEY), so every e-mail stays in the outbox with status LOGGED, although visitors are told to check their inbox. Read one address's messages with npm run outbox -- <address>; set RESEND_API_KEY (and EMAIL_FROM) to send them.",
    "Note: Sample video. The strategy-call and team-offer pages play the bundled 12-second sample video. Set VIDEO_URL to your own (an https URL or a /path).",
  ]);

  // An outbox e-mail on a lead's page: not sent, with the time it was logged.
  const lead = randomUUID();
  await query(
    `INSERT INTO prospects (id, email, name, first_name, last_name, created_at, updated_at)
     VALUES ($1, $2, 'Hal Health', 'Hal', 'Health', now(), now())`,
    [lead, `e2e-health-lead-${lead}@example.com`],
  );
  await query(
    `INSERT INTO outgoing_emails (id, template, recipient, subject, html, text, status, prospect_id, sent_at, attempts)
     VALUES (gen_random_uuid(), 'welcome', $1, 'Welcome', '', '', 'LOGGED', $2, '2035-03-04T05:06:00Z', 1)`,
    [`e2e-health-lead-${lead}@example.com`, lead],
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/leads/${lead}`);
  await expect(page.getByRole("region", { name: "Setup and health: notes" }).getByRole("listitem")).toHaveCount(3);
  const row = page.getByTestId("emails").getByRole("row", { name: /Welcome/ });
  await expect(row.getByTestId("email-status")).toHaveText("Logged (not sent)");
  await expect(row).toContainText("Mar 4, 2035, 5:06 AM UTC");
  await expectNoHorizontalOverflow(page);
});

test("the console opened at another address of the server says where it is set up", async ({ page }) => {
  const otherAddress = `http://127.0.0.1:${PORT}`;
  await page.goto(`${otherAddress}/admin/sign-in`);
  const expected = `This console is set up for http://localhost:${PORT}. Open it there, or set SITE_URL to this address.`;
  await expect(page.getByTestId("wrong-address")).toHaveText(`Wrong address. ${expected}`);
  await page.getByLabel("E-mail").fill(`e2e-health-nobody-${randomUUID()}@example.com`);
  await page.getByLabel("Password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(expected);
});

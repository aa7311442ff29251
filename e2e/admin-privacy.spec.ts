import { randomUUID } from "node:crypto";
import { query, registerVisitor } from "./helpers/funnel";
import { emailedLink } from "./helpers/outbox";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { onPhone } from "./helpers/phone";
import { shot } from "./helpers/screenshots";
import { expect, test } from "./test";

// Privacy requests in the browser: a visitor who opted in files a deletion request on /privacy-request;
// an operator finds it in the queue awaiting verification (an older overdue request is marked so), the
// visitor confirms it through the e-mailed link, and the operator erases the person,
// completes the request, and the funnel then holds nothing of them but the request itself. The
// queue and the request's page are measured for sideways scroll at both widths (the phone's in a
// context of its own, so the request's life runs once).

test("an operator erases a person from a deletion request and completes it", async ({
  browser,
  page,
  consoleOperator,
}, testInfo) => {
  // A whole request's life, plus operator:create (a node process): longer than the default 30 s.
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}-${randomUUID().slice(0, 8)}`;
  const name = `Erin Erasure${tag.replace(/[^a-z]/gi, "")}`;
  const email = `e2e-erase-${tag}@example.com`;

  // The visitor: opted in (a prospect, a welcome e-mail, a webhook event), then asks for deletion.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await registerVisitor(visitor, name, email);
  await visitor.goto("/privacy-request");
  await visitor.getByLabel("Your name").fill(name);
  await visitor.getByLabel("Your email").fill(email);
  await visitor.getByLabel("Delete my personal information").check();
  await visitor.getByRole("button", { name: "Send my request" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "We received your request." })).toBeVisible();

  // An older request, already past its 45 days.
  const overdueEmail = `e2e-overdue-${tag}@example.com`;
  await query(
    `INSERT INTO privacy_requests (id, email, name, request_type, respond_by, browser_id, created_at, verified_at)
     VALUES (gen_random_uuid(), $1, 'Olga Overdue', 'access', now() - interval '2 days', 'e2e', now() - interval '47 days',
             now() - interval '46 days')`,
    [overdueEmail],
  );

  await consoleOperator.signIn(page);
  await page.getByRole("link", { name: "Privacy requests" }).click();
  await expect(page.getByRole("heading", { name: "Privacy requests" })).toBeVisible();
  const overdueRow = page.getByTestId("privacy-row").filter({ hasText: overdueEmail });
  await expect(overdueRow.getByTestId("deadline")).toHaveAttribute("data-state", "overdue");
  await expect(overdueRow).toContainText("Overdue by 2 days");
  const row = page.getByTestId("privacy-row").filter({ hasText: email });
  await expect(row.getByTestId("deadline")).toHaveAttribute("data-state", "on_time");
  await expect(row).toContainText("Delete my personal information");
  await expect(row).toContainText("Awaiting verification");
  await expectNoHorizontalOverflow(page);
  await shot(page, `privacy-queue-${testInfo.project.name}`);
  await onPhone(browser, page, async (phone) => {
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "privacy-queue-mobile");
  });

  // Nothing can be done before the requester confirms the address.
  await row.getByRole("link").click();
  await expect(page.getByTestId("request-email")).toHaveText(email);
  await expect(page.getByTestId("request-status")).toHaveText("Status: Awaiting verification");
  await expect(page.getByRole("button", { name: "Erase this person" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Complete and e-mail the requester" })).toHaveCount(0);

  await visitor.goto(emailedLink(email, "privacy-request-received", "/privacy-request/verify"));
  await visitor.getByRole("button", { name: "Confirm my request" }).click();
  await expect(visitor.getByText("Thank you, your request is confirmed.")).toBeVisible();
  await visitorContext.close();

  await page.reload();
  await expect(page.getByTestId("request-status")).toHaveText("Status: received");
  const held = (table: string) => page.getByTestId("held-counts").locator(`tr[data-table="${table}"] td`).nth(1);
  await expect(held("prospects")).toHaveText("1");
  await expect(held("privacy_requests")).toHaveText("1");
  const complete = page.getByRole("button", { name: "Complete and e-mail the requester" });
  await expect(complete).toBeDisabled();
  await expectNoHorizontalOverflow(page);
  await shot(page, `privacy-request-${testInfo.project.name}`);
  await onPhone(browser, page, async (phone) => {
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "privacy-request-mobile");
  });

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Erase this person" }).click();
  await expect(page.getByTestId("action-status")).toHaveText("Done.");
  await expect(held("prospects")).toHaveText("0");
  await expect(held("outgoing_emails")).toHaveText("0");
  await expect(page.getByTestId("request-history")).toContainText("privacy.erase");

  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page.getByTestId("action-status")).toHaveText("Completed; the requester is e-mailed.");
  await expect(page.getByTestId("request-status")).toHaveText("Status: completed");
  await expect(page.getByTestId("request-history")).toContainText("privacy.complete");
  await shot(page, `privacy-request-completed-${testInfo.project.name}`);

  // The funnel holds nothing of the person now, except the request and the answer to it.
  expect(await query("SELECT id FROM prospects WHERE email = $1", [email])).toEqual([]);
  expect(
    await query("SELECT id FROM orders WHERE lower(email) = $1 OR lower(name) = lower($2)", [email, name]),
  ).toEqual([]);
  expect(
    await query("SELECT id FROM webhook_events WHERE payload::text ILIKE $1 OR payload::text ILIKE $2", [
      `%${email}%`,
      `%${name}%`,
    ]),
  ).toEqual([]);
  const mails = await query<{ template: string }>(
    "SELECT template FROM outgoing_emails WHERE recipient = $1 ORDER BY created_at",
    [email],
  );
  expect(mails).toEqual([{ template: "privacy-request-completed" }]);

  await page.getByRole("link", { name: "← Privacy requests" }).click();
  await page.getByRole("link", { name: "Completed", exact: true }).click();
  await expect(page.getByTestId("privacy-row").filter({ hasText: email })).toContainText("Completed");
});

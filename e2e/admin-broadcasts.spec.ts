import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { registerVisitor } from "./helpers/funnel";

// An operator writes a broadcast to a segment: the live count finds the one lead the segment names
// once their welcome e-mail has gone out, the preview is the real e-mail with its footer, a
// broadcast scheduled for tomorrow is listed as scheduled, and cancelling it is what the list shows.

test("an operator segments, previews, schedules and cancels a broadcast", async ({ page, consoleOperator }) => {
  test.slow(); // a sign-in, the mail worker and a server render per preview on a shared machine
  const id = randomUUID().slice(0, 8);
  await registerVisitor(page, "Broadcast Reader", `broadcast-${id}@example.com`);
  await consoleOperator.signIn(page);
  await page.goto("/admin/email/broadcasts");
  await expect(page.getByRole("heading", { level: 1, name: "Broadcasts" })).toBeVisible();

  const form = page.getByRole("region", { name: "New broadcast" });
  const name = `Spring note ${id}`;
  await form.getByLabel("Name (for the console)").fill(name);
  await form.getByLabel("Name or e-mail contains").fill(`broadcast-${id}`);
  // Confirmed once the welcome e-mail was written to the outbox by the worker.
  await expect(form.getByTestId("audience-count")).toHaveText("1", { timeout: 30_000 });

  await form.getByLabel("Subject", { exact: true }).fill("A note for {{first_name|friends}}");
  await form.getByLabel("Body (Markdown)").fill("Hello {{first_name|there}}, chapter 3 is out.");
  await form.getByRole("button", { name: "Preview" }).click();
  const mail = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(form.getByRole("region", { name: "Preview" })).toContainText("Subject: A note for Alex");
  await expect(mail.getByText("Hello Alex, chapter 3 is out.")).toBeVisible();
  await expect(mail.getByRole("link", { name: "Unsubscribe" })).toBeVisible();

  await form.getByLabel("At", { exact: true }).check();
  const tomorrow = new Date(Date.now() + 26 * 3_600_000);
  const local = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}T09:00`;
  await form.getByLabel("Send at").fill(local(tomorrow));
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(form.getByText(/^Scheduled for /)).toBeVisible();

  const row = page.getByRole("table", { name: "Broadcasts" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("scheduled");
  await row.getByRole("button", { name: `Cancel ${name}` }).click();
  await expect(row).toContainText("cancelled");
  await page.reload();
  await expect(row).toContainText("cancelled");
  await expect(row.getByRole("button", { name: `Cancel ${name}` })).toHaveCount(0);
});

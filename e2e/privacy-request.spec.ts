import { randomUUID } from "node:crypto";
import { query } from "./helpers/funnel";
import { emailedLink } from "./helpers/outbox";
import { expect, test } from "./test";

// The online form the Privacy Policy sends visitors to (rights are exercised
// "via an online form" and answered within 45 days).

test("a visitor files a deletion request from the Privacy Policy and gets a date to expect an answer", async ({
  page,
}) => {
  await page.goto("/privacy");
  await page.getByRole("link", { name: "privacy request form" }).click();
  await expect(page).toHaveURL(/\/privacy-request$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Request" })).toBeVisible();

  const send = page.getByRole("button", { name: "Send my request" });
  await send.click();
  await expect(page.getByText("Please fill in both your name and email.")).toBeVisible();
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByLabel("Your email").fill("grace.example.com");
  await send.click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  const email = `privacy-${randomUUID()}@example.com`;
  await page.getByLabel("Your email").fill(email);
  await send.click();
  await expect(page.getByText("Please choose which right you want to exercise.")).toBeVisible();

  await page.getByLabel("Delete my personal information").check();
  await page.getByLabel("Details (optional)").fill("Please remove me from every list.");
  await send.click();
  const answer = page.getByRole("status").filter({ hasText: "We received your request." });
  await expect(answer).toBeVisible();
  const due = new Date(Date.now() + 45 * 24 * 60 * 60 * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(answer).toContainText(`answer by ${due}`);

  const rows = await query<{ request_type: string; details: string; status: string; verified: boolean }>(
    "SELECT request_type, details, status, verified_at IS NOT NULL AS verified FROM privacy_requests WHERE email = $1",
    [email],
  );
  expect(rows).toEqual([
    { request_type: "delete", details: "Please remove me from every list.", status: "received", verified: false },
  ]);
  const mails = await query<{ template: string }>("SELECT template FROM outgoing_emails WHERE recipient = $1", [email]);
  expect(mails).toEqual([{ template: "privacy-request-received" }]);

  // The e-mailed link: opening it changes nothing, the button confirms, a second use is refused.
  const link = emailedLink(email, "privacy-request-received", "/privacy-request/verify");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your privacy request" })).toBeVisible();
  const verified = () =>
    query<{ verified: boolean }>("SELECT verified_at IS NOT NULL AS verified FROM privacy_requests WHERE email = $1", [
      email,
    ]);
  expect(await verified()).toEqual([{ verified: false }]);
  await page.getByRole("button", { name: "Confirm my request" }).click();
  await expect(page.getByText("Thank you, your request is confirmed.")).toBeVisible();
  expect(await verified()).toEqual([{ verified: true }]);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my request" }).click();
  await expect(page.getByText("This link is not valid or has expired.")).toBeVisible();
});

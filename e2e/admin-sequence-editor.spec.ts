import { expect, test } from "./test";
import { expectNoCspViolations, watchCsp } from "./helpers/csp-violations";
import { outboxTo } from "./helpers/outbox";
import { pollUntil } from "./helpers/poll";

// An operator rewrites a sequence step from the console: a merge field from the picker, a preview
// of the real e-mail (the sample lead's fallback, the footer's postal address and unsubscribe link)
// at desktop and phone widths, a test sent to their own address and followed until the outbox has
// it, then the save, which survives a reload and raises the sequence's version. The step is the
// last of a sequence no other spec reads.

const SEQUENCE = "Qualified owner who has not booked";
const ADDRESS = "1209 Orange Street";

test("an operator writes, previews, tests and saves a sequence e-mail", async ({ page, consoleOperator }) => {
  test.slow(); // a sign-in, a server render per preview and the mail worker on a shared machine
  const csp = await watchCsp(page);
  const email = await consoleOperator.signIn(page);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "E-mail" }).click();
  await page.getByRole("link", { name: "Sequences: write and test the lifecycle e-mails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sequences" })).toBeVisible();
  const sequence = page.getByRole("region", { name: SEQUENCE });
  await expect(sequence).toContainText("Entry event: Opt-in");
  await sequence.getByRole("link", { name: /^Step 3:/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${SEQUENCE}: step 3 of 3` })).toBeVisible();
  const before = Number(/\d+/.exec((await page.getByTestId("sequence-version").textContent()) ?? "")?.[0]);

  const subject = `Your plan, {{first_name|there}} ${Date.now()}`;
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  const body = page.getByLabel("Body (Markdown)");
  await body.fill("Hello {{first_name|there}}, a last note for the {{nickname}} team.");
  await expect(
    page.getByText(
      "Body: {{nickname}} is not a merge field. Use one of: first_name, last_name, full_name, book_url, offer_url, booking_url.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Preview" })).toBeDisabled();
  await body.fill("Hello {{first_name|there}}, a last note for the ");
  await page.getByRole("combobox", { name: /^Field/ }).selectOption("last_name");
  await page.getByLabel("Fallback (when the lead's value is empty)").fill("Fast Forward");
  await page.getByRole("button", { name: "Insert field" }).click();
  await body.press("End");
  await body.pressSequentially(" family.");
  await expect(body).toHaveValue("Hello {{first_name|there}}, a last note for the {{last_name|Fast Forward}} family.");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  const mail = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview).toContainText(`Subject: ${subject.replace("{{first_name|there}}", "Alex")}`);
  await expect(mail.getByText("Hello Alex, a last note for the Fast Forward family.")).toBeVisible();
  await expect(mail.getByText(ADDRESS)).toBeVisible();
  await expect(mail.getByRole("link", { name: "Unsubscribe" })).toHaveAttribute("href", /\/unsubscribe\?token=/);
  const frame = page.locator('iframe[title="E-mail preview"]');
  expect((await frame.boundingBox())?.width).toBeGreaterThanOrEqual(600);
  await preview.getByRole("button", { name: "Phone (375 px)" }).click();
  await expect.poll(async () => Math.round((await frame.boundingBox())?.width ?? 0)).toBe(375);
  await expect(mail.getByText("Hello Alex, a last note for the Fast Forward family.")).toBeVisible();

  await page.getByRole("button", { name: "Send test" }).click();
  const delivery = page.getByRole("status", { name: "Test e-mail" });
  await expect(delivery).toContainText(`Test to ${email}:`);
  await expect(delivery).toContainText("Written to the outbox (no e-mail key is set)", { timeout: 20_000 });
  const [sent] = await pollUntil(
    () => Promise.resolve(outboxTo(email).filter((m) => m.template === "marketing-test")),
    (mails) => expect(mails).toHaveLength(1),
  );
  expect(sent!.subject).toBe(`[Test] ${subject.replace("{{first_name|there}}", "Alex")}`);
  expect(sent!.status).toBe("LOGGED");
  expect(sent!.text).toContain("Hello Alex, a last note for the Fast Forward family.");
  expect(sent!.text).toContain(ADDRESS);

  await page.getByRole("button", { name: "Save step" }).click();
  await expect(page.getByText(`Saved. The sequence is now at version ${before + 1}.`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("sequence-version")).toHaveText(`Version ${before + 1}`);
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(subject);
  await expect(page.getByLabel("Body (Markdown)")).toHaveValue(
    "Hello {{first_name|there}}, a last note for the {{last_name|Fast Forward}} family.",
  );
  // The preview's frame (srcdoc, sandboxed) breaks no rule of the console's policy.
  expectNoCspViolations(csp);
});

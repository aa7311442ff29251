import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { query } from "./helpers/funnel";
import { outboxTo } from "./helpers/outbox";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { E2E_OPERATOR_PASSWORD, signInNewOperator } from "./helpers/operator";

// The console's access as an operator sees it: a passkey added on /admin/operators/security signs them in without
// a password (Chromium's virtual authenticator stands in for the device); five wrong passwords
// lock the account and the form says until when; an invitation reaches the invitee by e-mail and
// shows up in the audit log; the invitee can be removed again. Each test signs in, out, locks or
// invites with an operator of its own, never the worker's shared one (e2e/helpers/operator.ts).

// Each test signs in more than once (scrypt) and walks several console pages: on a loaded 2-core
// machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const uniqueEmail = (label: string, project: string) => `e2e-${label}-${project}-${randomUUID()}@example.com`;

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
}

test("passkey: add one on the security page, sign out, sign in with it, remove it", async ({ page }, testInfo) => {
  const email = uniqueEmail("passkey", testInfo.project.name);
  await signInNewOperator(page, email);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.goto("/admin/operators/security");
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  await page.getByLabel("Passkey name").fill("E2E laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  // The page has other status lines (the time zone form's): the passkey's is the one naming it.
  const passkeyStatus = page.getByRole("status").filter({ hasText: "Passkey" });
  await expect(passkeyStatus).toHaveText("Passkey “E2E laptop” added. You can sign in with it now.");
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("E2E laptop")).toBeVisible();
  await page.goto("/admin/operators");
  const myRow = page.getByTestId("operator-row").filter({ hasText: email });
  await expect(myRow.getByTestId("passkey-count")).toHaveText("1");

  await signOut(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByTestId("operator-email")).toHaveText(email);

  await page.goto("/admin/operators/security");
  await page.getByRole("button", { name: "Remove passkey E2E laptop" }).click();
  await expect(passkeyStatus).toHaveText("Passkey “E2E laptop” removed.");
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  const audited = await query<{ action: string }>(
    `SELECT a.action FROM audit_log a JOIN operator_users u ON u.id = a.operator_id
     WHERE u.email = $1 AND a.action LIKE 'operator.passkey_%' ORDER BY a.at, a.id`,
    [email],
  );
  expect(audited.map((row) => row.action)).toEqual(["operator.passkey_add", "operator.passkey_remove"]);
  await signOut(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.locator("form").getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});

test("lockout after failed sign-ins: the form says when to try again", async ({ page }, testInfo) => {
  const email = uniqueEmail("lockout", testInfo.project.name);
  await signInNewOperator(page, email);
  await signOut(page);
  const form = page.locator("form");
  await page.getByLabel("E-mail").fill(email);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel("Password").fill(`wrong password ${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(form.getByRole("alert")).toHaveText("The e-mail or password is not right.");
    // The same message after each attempt: wait until the server has counted this one.
    await expect
      .poll(async () => {
        const [row] = await query<{ failures: number }>(
          "SELECT failures FROM operator_login_failures WHERE email = $1 AND network <> '*'",
          [email],
        );
        return row?.failures ?? 0;
      })
      .toBe(attempt);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  }
  // Locked now: even the right password waits, and the message names the time.
  await page.getByLabel("Password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    /^Too many sign-in attempts\. Try again in (1 minute|\d+ seconds) \(at \d\d:\d\d UTC\)\.$/,
  );
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});

test("invite an operator: the e-mail's link sets their password; the audit log shows who invited whom", async ({
  page,
  browser,
}, testInfo) => {
  const inviter = uniqueEmail("inviter", testInfo.project.name);
  const invitee = uniqueEmail("invitee", testInfo.project.name);
  await signInNewOperator(page, inviter);
  await page.goto("/admin/operators");
  const invite = page.locator("form").filter({ has: page.getByRole("button", { name: "Send invitation" }) });
  await invite.getByLabel("E-mail").fill(invitee);
  await invite.getByLabel("Name").fill("Grace Invitee");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${invitee}. The link works for one hour.`);
  const row = page.getByTestId("operator-row").filter({ hasText: invitee });
  await expect(row).toContainText("Grace Invitee");
  await expect(row).toContainText("no password set yet");

  const mail = outboxTo(invitee).find((m) => m.template === "operator-setup-link");
  const link = /http\S+\/admin\/setup\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeTruthy();

  const other = await browser.newContext();
  const invitedPage = await other.newPage();
  await invitedPage.goto(link!);
  await invitedPage.getByLabel("New password").fill("the invitee's own password");
  await invitedPage.getByLabel("Repeat it").fill("the invitee's own password");
  await invitedPage.getByRole("button", { name: "Set password" }).click();
  await invitedPage.getByLabel("E-mail").fill(invitee);
  await invitedPage.getByLabel("Password").fill("the invitee's own password");
  await invitedPage.getByRole("button", { name: "Sign in" }).click();
  await expect(invitedPage.getByTestId("operator-email")).toHaveText(invitee);
  await other.close();

  await page.goto("/admin/audit?action=operator.invite");
  const entry = page.getByTestId("audit-entry").filter({ hasText: `operator ${invitee}` });
  await expect(entry).toContainText("operator.invite");
  await expect(entry).toContainText(`by ${inviter}`);
  await page.getByRole("combobox", { name: "Operator", exact: true }).selectOption({ label: invitee });
  await page.getByRole("combobox", { name: "Action", exact: true }).selectOption("");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("audit-entry").filter({ hasText: "operator.password_set" })).toHaveCount(1);
  await expectNoHorizontalOverflow(page);

  // Removing the invitee (after the confirmation) takes them off the list.
  await page.goto("/admin/operators");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Remove operator ${invitee}` }).click();
  await expect(page.getByTestId("operator-row").filter({ hasText: invitee })).toHaveCount(0);
});

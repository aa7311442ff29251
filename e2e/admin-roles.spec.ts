import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { query } from "./helpers/funnel";
import { E2E_OPERATOR_PASSWORD, signInNewOperator, totpCodeFor } from "./helpers/operator";

// Roles and fresh sign-ins as an operator sees them: a read-only operator finds the reason where
// each action would be, and the server refuses it too; an owner whose sign-in is stale is told,
// signs in again from the prompt and lands back on the page to finish the invitation.

test.describe.configure({ timeout: 120_000 });

const uniqueEmail = (label: string, project: string) => `e2e-${label}-${project}-${randomUUID()}@example.com`;

test("read-only: every section opens, each action is replaced by why, and the API refuses", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("reader", testInfo.project.name);
  await signInNewOperator(page, email);
  await query("UPDATE operator_users SET role = 'read_only' WHERE email = $1", [email]);

  await page.goto("/admin/operators");
  await expect(page.getByTestId("current-operator-role")).toHaveText("Read-only");
  await expect(page.getByRole("heading", { name: "Invite an operator" })).toHaveCount(0);
  await expect(page.getByTestId("refused-note")).toHaveText(
    "Read-only operators cannot invite or remove operators, or change roles. Ask an owner.",
  );
  await page.goto("/admin/leads");
  await expect(page.getByRole("link", { name: "Leads CSV" })).toHaveCount(0);
  await expect(page.getByTestId("refused-note")).toContainText("cannot export leads, orders or events");
  await page.goto("/admin/experiments");
  await expect(page.getByRole("form", { name: "New experiment" })).toHaveCount(0);
  await expect(page.getByTestId("refused-note")).toContainText(
    "cannot create, edit, delete, start or stop experiments",
  );

  const refused = await page.request.post("/api/admin/operators", {
    data: { email: uniqueEmail("nobody", testInfo.project.name), name: "Nobody", role: "owner" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
});

test("stale sign-in: the invitation is refused, the prompt signs in again and returns to the page", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("stale", testInfo.project.name);
  const invitee = uniqueEmail("invitee", testInfo.project.name);
  const totpSecret = await signInNewOperator(page, email);
  await query(
    `UPDATE operator_sessions SET created_at = now() - interval '11 minutes'
     WHERE user_id = (SELECT id FROM operator_users WHERE email = $1)`,
    [email],
  );

  await page.goto("/admin/operators");
  const invite = page.locator("form").filter({ has: page.getByRole("button", { name: "Send invitation" }) });
  await invite.getByLabel("E-mail").fill(invitee);
  await invite.getByLabel("Name").fill("Ida Invitee");
  await invite.getByLabel("Role").selectOption("read_only");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("alert")).toContainText("needs a recent sign-in");
  const prompt = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Sign in again" }) });
  await expect(prompt).toContainText("within the last 10 minutes");

  await prompt.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?reauth=1&next=%2Fadmin%2Foperators$/);
  await expect(page.getByRole("status")).toContainText("Sign in again to continue.");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByLabel("Authenticator code").fill(await totpCodeFor(totpSecret));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/operators$/, { timeout: 20_000 });

  await invite.getByLabel("E-mail").fill(invitee);
  await invite.getByLabel("Name").fill("Ida Invitee");
  await invite.getByLabel("Role").selectOption("read_only");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${invitee}. The link works for one hour.`);
  const row = page.getByTestId("operator-row").filter({ hasText: invitee });
  await expect(row.getByTestId("operator-role")).toHaveText("Read-only");
});

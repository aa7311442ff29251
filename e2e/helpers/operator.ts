import { expect, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { databaseUrl } from "./funnel";

// `npm run operator:create` against the test server's database and secrets, as an operator would
// run it on the server; returns the one-time setup link it prints. `port` picks another of
// playwright.config.ts's servers (e2e/ports.ts), each with its own database and secrets.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ROOT = path.resolve(import.meta.dirname, "../..");

export function createOperator(email: string, port = PORT): string {
  const dataDir = path.join(ROOT, `.test-data/e2e-${port}`);
  const output = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/operator-create.ts"), "--email", email],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(port),
        SESSION_SECRET: readFileSync(path.join(dataDir, "session-secret"), "utf8").trim(),
        SITE_URL: `http://localhost:${port}`,
      },
    },
  );
  const link = /^http\S+\/admin\/setup\?token=\S+$/m.exec(output)?.[0];
  if (!link) throw new Error("operator:create printed no setup link");
  return link;
}

export const E2E_OPERATOR_PASSWORD = "a long console password 42";

/** A new operator, password set through the setup page, signed in; the page ends on /admin. */
export async function signInNewOperator(page: Page, email: string, port = PORT): Promise<void> {
  await page.goto(createOperator(email, port));
  await page.getByLabel("New password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByLabel("Repeat it").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password is set. Sign in with it now.");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("operator-email")).toHaveText(email);
}

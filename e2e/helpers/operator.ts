import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect, type Browser, type Cookie, type Page } from "@playwright/test";
import { runAsServer } from "./funnel";
import { waitForHydration } from "./hydration";
import { OPERATOR_FRESH_SIGN_IN_SECONDS, OPERATOR_SESSION_IDLE_SECONDS } from "../../lib/operators/shared/auth-rules";

// `npm run operator:create` against the test server's database and secrets, as an operator would
// run it on the server; returns the one-time setup link it prints. `port` picks another of
// playwright.config.ts's servers (e2e/ports.ts), each with its own database and secrets.

const PORT = Number(process.env.E2E_PORT ?? 3100);

export function createOperator(email: string, port = PORT): string {
  const output = runAsServer(port, "scripts/ops/operator-create.ts", ["--email", email]);
  const link = /^http\S+\/admin\/setup\?token=\S+$/m.exec(output)?.[0];
  if (!link) throw new Error("operator:create printed no setup link");
  return link;
}

export const E2E_OPERATOR_PASSWORD = "a long console password 42";

/** The code an authenticator app would show for the secret the security page displays. */
export async function totpCodeFor(secret: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(secret)), { digits: 6 }).totp();
}

/**
 * A new operator, password set through the setup page, signed in; the console sends them to the
 * security page, where an authenticator app is enrolled (the code computed here); the page ends on /admin.
 * Returns the app's secret, for the codes of later sign-ins.
 */
export async function signInNewOperator(page: Page, email: string, port = PORT): Promise<string> {
  await page.goto(createOperator(email, port));
  await waitForHydration(page);
  await page.getByLabel("New password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByLabel("Repeat it").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  // Hashing the password (scrypt) takes seconds on a loaded two-core machine, the first time above all.
  const hashing = { timeout: 20_000 };
  await expect(page.getByRole("status")).toHaveText("Your password is set. Sign in with it now.", hashing);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("enrol-notice")).toBeVisible(hashing);
  await page.getByLabel("Password").fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent(hashing)) ?? "";
  await page.getByLabel("Code from the app").fill(await totpCodeFor(secret.trim()));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible(hashing);
  await page.goto(`http://localhost:${port}/admin`);
  await waitForHydration(page);
  await expect(page.getByTestId("operator-email")).toHaveText(email, hashing);
  return secret.trim();
}

export type ConsoleOperator = {
  /** Signs `page` in as the worker's operator of the server on `port`; the page ends on /admin. Returns its e-mail. */
  signIn(page: Page, port?: number): Promise<string>;
  /**
   * Gives `page` the worker's operator session without opening a page; returns its e-mail. With
   * `fresh: false` an older sign-in will do (for pages that only read), so no new one is made for it.
   */
  addSession(page: Page, options?: { port?: number; fresh?: boolean }): Promise<string>;
};

type OperatorSession = { email: string; cookies: Cookie[]; signedInAt: number; usedAt: number };

// Refunds and exports need a sign-in from the last minutes: a copy older than this signs in again.
const REUSE_MS = (OPERATOR_FRESH_SIGN_IN_SECONDS - 180) * 1000;
// Reading the console needs only a live session: it ends after OPERATOR_SESSION_IDLE_SECONDS unused.
const IDLE_REUSE_MS = (OPERATOR_SESSION_IDLE_SECONDS - 300) * 1000;

/**
 * One operator per worker slot and server, created and signed in on first use; every later test
 * gets a copy of its session cookie instead of its own operator:create (a node process) and sign-in.
 * The session is kept in the server's data directory under the slot's number (`parallelIndex`), so
 * the worker that takes the slot over (the next project's, or the one started after a failure) goes
 * on with it instead of signing in anew. Tests that sign out, lock or change an operator make their
 * own with signInNewOperator. It is an owner (operator:create makes owners), signed in again before
 * its sign-in stops being fresh.
 */
export function consoleOperator(browser: Browser, parallelIndex: number): ConsoleOperator {
  const sessions = new Map<number, Promise<OperatorSession>>();
  const kept = (port: number) => path.resolve(`.test-data/e2e-${port}/e2e-console-operator-${parallelIndex}.json`);
  async function addSession(page: Page, { port = PORT, fresh = true }: { port?: number; fresh?: boolean } = {}) {
    const now = Date.now();
    const usable = (current: OperatorSession) =>
      fresh ? now - current.signedInAt <= REUSE_MS : now - current.usedAt <= IDLE_REUSE_MS;
    let session = sessions.get(port);
    if (!session && existsSync(kept(port))) {
      const previous = JSON.parse(readFileSync(kept(port), "utf8")) as OperatorSession;
      if (usable(previous)) session = Promise.resolve(previous);
    }
    if (!session || !usable(await session)) {
      session = signInOnce(browser, `e2e-console-${port}-p${parallelIndex}-${randomUUID()}@example.com`, port);
    }
    sessions.set(port, session);
    const used = await session;
    used.usedAt = Date.now();
    writeFileSync(kept(port), JSON.stringify(used));
    await page.context().addCookies(used.cookies);
    return used.email;
  }
  return {
    addSession,
    async signIn(page, port = PORT) {
      const email = await addSession(page, { port });
      await page.goto(`http://localhost:${port}/admin`);
      await waitForHydration(page);
      await expect(page.getByTestId("operator-email")).toHaveText(email);
      return email;
    },
  };
}

async function signInOnce(browser: Browser, email: string, port: number): Promise<OperatorSession> {
  const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
  try {
    const signedInAt = Date.now();
    await signInNewOperator(await context.newPage(), email, port);
    return { email, cookies: (await context.storageState()).cookies, signedInAt, usedAt: Date.now() };
  } finally {
    await context.close();
  }
}

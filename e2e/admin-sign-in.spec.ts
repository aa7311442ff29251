import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { createOperator, totpCodeFor } from "./helpers/operator";

// The first operator comes from `npm run operator:create`, opens the printed setup
// link, sets a password, signs in and reaches the console; /admin without a session goes to the
// sign-in form, a wrong password is told so, and signing out closes the console again.

const PASSWORD = "a long console password 42";

test(
  "an operator sets a password from the setup link and signs in",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    const email = `e2e-operator-${testInfo.project.name}-${randomUUID()}@example.com`;
    const link = createOperator(email);

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    await page.goto(link);
    await page.getByLabel("New password").fill(PASSWORD);
    await page.getByLabel("Repeat it").fill(PASSWORD);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password is set. Sign in with it now.");

    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("The e-mail or password is not right.");

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // No second factor yet: the console sends them to enrol one first.
    await expect(page).toHaveURL(/\/admin\/operators\/security$/, { timeout: 20_000 });
    await expect(page.getByTestId("enrol-notice")).toBeVisible();
    await expect(page.getByTestId("operator-email")).toHaveText(email);
    // Every section is in sight without scrolling sideways, on a phone too.
    const viewportWidth = page.viewportSize()?.width ?? 0;
    for (const link of await page.getByRole("navigation", { name: "Console" }).getByRole("link").all()) {
      await expect(link).toBeInViewport();
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewportWidth, await link.innerText()).toBe(true);
    }
    const cookie = (await page.context().cookies()).find((c) => c.name === "ff-admin.session_token");
    expect(cookie?.httpOnly).toBe(true);

    // The link was spent.
    await page.goto(link);
    await page.getByLabel("New password").fill(PASSWORD);
    await page.getByLabel("Repeat it").fill(PASSWORD);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText(
      "This setup link is not valid or has expired. Ask for a new one.",
    );

    // Enrol an authenticator app; from now on the password alone is not enough.
    await page.goto("/admin/operators/security");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").trim();
    await page.getByLabel("Code from the app").fill(await totpCodeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await expect(page.getByTestId("totp-status")).toHaveText("On. 10 of 10 recovery codes left.");

    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);

    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Authenticator code").fill("000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator("form").getByRole("alert")).toBeVisible();
    await page.getByLabel("Authenticator code").fill(await totpCodeFor(secret));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Overview", exact: true })).toBeVisible();
  },
);

// The console has its own chrome: the site header and footer (rendered on every page by the root
// layout) are hidden by the console's own stylesheet, so public pages ship no script for it. The
// skip link still leads into the page, and the site chrome is back after leaving the console.
test("console pages show no site header or footer, and the skip link reaches the page", async ({ page }) => {
  await page.goto("/admin/sign-in");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("link", { name: "Get the free book" })).toBeHidden();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await skip.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeVisible();

  await page.goto("/privacy");
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Get the free book" })).toBeVisible();
});

import { expect, type Page } from "@playwright/test";

// Shared steps of the opt-in walk. Free-offer buttons are found by [data-free-offer], so the
// walk works on any landing page that uses <FreeOfferButton>.

export const OPT_IN = "Get your free copy of Fast Forward";

export async function openOptIn(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await page.locator("[data-free-offer]:visible").first().click();
  await expect(page.getByRole("dialog", { name: OPT_IN })).toBeVisible();
}

export async function submitOptIn(page: Page, name: string, email: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: OPT_IN });
  await dialog.getByLabel("Your name").fill(name);
  await dialog.getByLabel("Your email").fill(email);
  await dialog.getByRole("button", { name: "Send Me My Free Copy" }).click();
}

export async function sessionIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => window.localStorage.getItem("ff_funnel_session_id"));
  expect(id).toBeTruthy();
  return id ?? "";
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

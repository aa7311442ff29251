import { expect, type Locator, type Page } from "@playwright/test";

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

/** After the opt-in: "No" to owning a business and the first three answers; the fourth question is left open. */
export async function answerAsNonOwner(page: Page): Promise<Locator> {
  await page.getByRole("dialog", { name: "Quick Question" }).getByRole("button", { name: "No", exact: true }).click();
  const question = (n: number) => page.getByRole("dialog", { name: `Question ${n}/4` });
  await question(1).getByRole("button", { name: "I've tried ChatGPT or similar tools." }).click();
  await question(2).getByRole("button", { name: "Being my own boss." }).click();
  await question(3).getByRole("button", { name: "$5,000-$15,000" }).click();
  return question(4);
}

export async function sessionIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => window.localStorage.getItem("ff_funnel_session_id"));
  expect(id).toBeTruthy();
  return id ?? "";
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

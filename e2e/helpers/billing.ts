import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "../test";
import { emailedLink } from "./outbox";

// Signs a buyer in to the billing page as a person does: asks for the link, opens the e-mailed one.

export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

export async function signInToBilling(page: Page, email: string): Promise<Page> {
  await openHydrated(page, "/billing");
  await page.getByLabel("E-mail address you bought with").fill(email);
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If we have orders for that address/);
  await openHydrated(page, emailedLink(email, "billing-link", "/billing/sign-in"));
  await page.getByRole("button", { name: "See my orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  return page;
}

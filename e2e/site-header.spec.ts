import type { Page } from "@playwright/test";
import { expect, test } from "./test";

// The site header across a client-side navigation: it stays, it changes with the page, and the
// checkout's reduced header leads home. Each page's own header is checked in e2e/every-page.spec.ts.

async function expectLogoHome(page: Page) {
  const banner = page.getByRole("banner");
  await expect(banner).toHaveCount(1);
  await expect(banner.getByRole("link", { name: "Fast Forward", exact: true })).toHaveAttribute("href", "/");
  return banner;
}

test("the header follows client-side navigation, and the checkout's logo leads home", async ({ page }) => {
  await page.goto("/checkout?product=ai-step-by-step");
  let banner = await expectLogoHome(page);
  await expect(banner.getByRole("link")).toHaveCount(1);
  // Marks this document: a full page load would lose the mark, a client-side navigation keeps it.
  await page.evaluate(() => (document.documentElement.dataset.sameDocument = "yes"));

  await banner.getByRole("link", { name: "Fast Forward", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  banner = await expectLogoHome(page);
  await expect(banner.getByRole("button", { name: "Get the Free Book" })).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  banner = await expectLogoHome(page);
  await expect(banner.getByRole("link", { name: "Get the free book" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-same-document", "yes");
});

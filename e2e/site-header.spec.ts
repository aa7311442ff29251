import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { NEEDS_VISITOR, PAGE_ROUTES } from "./helpers/app-routes";
import { registerVisitor } from "./helpers/funnel";

// Every page shows the site header with the logo (mark and name) linking home. The routes come
// from app/**/page.tsx, so a new page is checked without being listed here. The header is laid
// out the same at every width (e2e/no-horizontal-overflow.spec.ts measures the phone's pages).

// The operator console brings its own chrome instead (e2e/admin-sign-in.spec.ts checks it has no site header).
const ROUTES = PAGE_ROUTES.filter((route) => route !== "/admin" && !route.startsWith("/admin/"));
const CHECKOUT = new Set([
  "/checkout",
  "/checkout-realtime-academy-metadata",
  "/payment-processing",
  "/payment-success",
  "/payment-success-metadata",
  "/contract-setup",
]);

async function expectLogoHome(page: Page) {
  const banner = page.getByRole("banner");
  await expect(banner).toHaveCount(1);
  await expect(banner).toBeVisible();
  const home = banner.getByRole("link", { name: "Fast Forward", exact: true });
  await expect(home).toHaveAttribute("href", "/");
  const mark = await home.locator("svg").boundingBox();
  expect(mark?.width).toBeGreaterThan(20);
  expect(mark?.height).toBeGreaterThan(10);
  // The header sits at the top of the page.
  expect((await banner.boundingBox())?.y).toBeLessThanOrEqual(1);
  return banner;
}

test("the route table covers the funnel's pages", () => {
  expect(ROUTES).toEqual(
    expect.arrayContaining(["/", "/checkout", "/oto-realtime-ai-academy", "/schedule-call", "/vip-detected"]),
  );
  expect(ROUTES.length).toBeGreaterThan(20);
});

for (const route of ROUTES) {
  test(`${route} has the site header with the logo linking home`, async ({ page }) => {
    // The booking widget's host is unreachable here; a stand-in keeps the frame quiet.
    await page.route("https://calendly.test/**", (r) => r.fulfill({ contentType: "text/html", body: "<p>Calendar" }));
    if (NEEDS_VISITOR.has(route)) await registerVisitor(page);
    await page.goto(route);
    const banner = await expectLogoHome(page);
    if (CHECKOUT.has(route)) {
      // Reduced on the way to paying: the logo is its only link.
      await expect(banner.getByRole("link")).toHaveCount(1);
      await expect(banner.getByText("Secure checkout")).toBeVisible();
    }
    if (route === "/oto-realtime-ai-academy") await expect(banner.getByRole("link")).toHaveCount(1);
  });
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

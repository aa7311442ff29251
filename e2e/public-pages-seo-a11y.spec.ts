import { expect, test } from "./test";
import { seriousViolations } from "./helpers/axe";

// The public pages' opened modals under axe (both widths) and their search metadata (the same at
// any width: desktop only). Each page's own axe check is in e2e/every-page.spec.ts.

// Reduced motion shows every reveal-on-scroll section at once, so axe checks the final colours.
test.use({ reducedMotion: "reduce" });

test("axe: the opened modals have no serious or critical violations", { tag: "@viewport" }, async ({ page }) => {
  await page.goto("/paid");
  await page.getByRole("button", { name: "Look inside the book" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/");
  await page.locator('[data-free-offer="hero"]').click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("canonical links use the configured site URL", async ({ page, baseURL }) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy Policy | Fast Forward");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/privacy`);
  await expect(page.getByText("Effective date: January 1, 2025 · Last updated: January 1, 2025")).toBeVisible();
  for (const state of ["California", "Virginia", "Colorado", "Connecticut", "Utah"]) {
    await expect(page.getByText(new RegExp(`^${state} \\(`))).toBeVisible();
  }
  await expect(page.getByText("respond within 45 days", { exact: false })).toBeVisible();

  await page.goto("/sms-phone-terms");
  await expect(page).toHaveTitle("SMS/Phone Opt-In Terms | Fast Forward Media LLC");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/sms-phone-terms`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /opt out/);
  await expect(page.getByText("Note (January 27, 2025):")).toBeVisible();
  await expect(page.getByText("Note (April 11, 2025):")).toBeVisible();
  await expect(page.getByText("STOP, END, CANCEL, UNSUBSCRIBE, QUIT")).toBeVisible();
  await expect(page.getByText("1209 Orange Street, Wilmington, DE 19801, USA").first()).toBeVisible();
});

test("Open Graph and Twitter cards point at the shipped share image", async ({ page, baseURL, request }) => {
  await page.goto("/");
  const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute("content");
  expect(ogImage).toBe(`${baseURL}/og-image.png`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  // Next.js writes the root URL without its trailing slash.
  const root = new RegExp(`^${baseURL}/?$`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", root);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", root);
  const image = await request.get("/og-image.png");
  expect(image.headers()["content-type"]).toBe("image/png");
});

for (const { path, price } of [
  { path: "/", price: "0.00" },
  { path: "/paid", price: "7.00" },
]) {
  test(`JSON-LD Book with its Offer on ${path}`, async ({ page }) => {
    await page.goto(path);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}") as {
      "@type": string;
      name: string;
      offers: { "@type": string; price: string };
    };
    expect(data).toMatchObject({ "@type": "Book", name: "Fast Forward", offers: { "@type": "Offer", price } });
  });
}

test("sitemap.xml and robots.txt are served from the configured origin", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ["/paid", "/privacy", "/sms-phone-terms", "/free-download"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /api/");
});

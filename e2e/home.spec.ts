import { expect, test } from "./test";

test("the home page renders the landing page from the server", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: /Put AI to work in your business/ })).toBeVisible();
  await expect(page).toHaveTitle(/Fast Forward/);
});

test("the health endpoint reports the database", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", db: "ok" });
});

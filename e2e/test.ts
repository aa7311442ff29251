import { test as base, expect, type Page } from "@playwright/test";

// The browser tests' `test`: page.goto also waits until React has hydrated an HTML page
// (components/site/hydration-marker.tsx). A click that lands before hydration is silently lost,
// which made tests that click straight after navigating fail at random on a loaded CI machine.

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});

export { expect };

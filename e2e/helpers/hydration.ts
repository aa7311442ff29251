import type { Page } from "@playwright/test";

// A click that lands before React has hydrated the page is silently lost: browser tests wait for
// the mark components/site/hydration-marker.tsx sets on <html> once it has.

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

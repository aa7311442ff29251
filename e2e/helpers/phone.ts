import { devices, expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

// The phone the mobile project emulates (playwright.config.ts). A flow whose only width-dependent
// steps are measurements opens those pages on it with `onPhone`, so the flow itself runs once.

export const PHONE: BrowserContextOptions = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

/** `page`'s current address opened on the phone, with the same cookies and storage; closed after `check`. */
export async function onPhone(browser: Browser, page: Page, check: (phone: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
  try {
    const phone = await context.newPage();
    await phone.goto(page.url());
    // The same page, not a sign-in form the phone was sent to instead.
    await expect(phone).toHaveURL(page.url());
    await waitForHydration(phone);
    await check(phone);
  } finally {
    await context.close();
  }
}

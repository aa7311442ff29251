import path from "node:path";
import type { Page } from "@playwright/test";

// Screenshots for a person to look at, taken only when SHOTS_DIR names a folder: a test run
// itself takes none (each full-page shot costs a long page's worth of rendering).

export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

// Re-creates the share image and the free-edition PDF from scripts/assets/ with local Chromium.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "../..");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.goto(pathToFileURL(path.join(root, "scripts/assets/og-image.html")).href);
  await page.screenshot({ path: path.join(root, "public/og-image.png") });
  await page.goto(pathToFileURL(path.join(root, "scripts/assets/free-edition.html")).href);
  await page.pdf({ path: path.join(root, "public/downloads/fast-forward-free-edition.pdf"), format: "A5" });
} finally {
  await browser.close();
}

import type { BrowserContext } from "@playwright/test";
import { CACHEABLE_PAGES } from "../lib/site/shared/page-cache";
import { expect, test, waitForHydration } from "./test";

// The cached pages carry their critical CSS (scripts/lib/critical-css.mjs, README "Page speed"):
// their stylesheet loads without holding back the first paint. What the visitor sees first must
// not depend on it: the first screen with the stylesheet blocked is the same picture, pixel for
// pixel, as with it, on a phone's viewport and on a desktop's. With it, the sheet must apply.

const PAGES = ["/", ...CACHEABLE_PAGES];
const STYLESHEET = /\/_next\/static\/.+\.css(\?.*)?$/;

/** The first screen of `path` once hydrated, with or without the build's stylesheets. */
async function firstScreen(context: BrowserContext, path: string, blockCss: boolean) {
  // A page of the test's own context, so the phone project's device (size, pixel ratio) applies.
  const page = await context.newPage();
  let blocked = 0;
  if (blockCss)
    await page.route(STYLESHEET, (route) => {
      blocked += 1;
      return route.abort();
    });
  try {
    // With the sheet, "load" is when it has been applied; without it, nothing is left to wait for.
    await page.goto(path, { waitUntil: blockCss ? "domcontentloaded" : "load" });
    await waitForHydration(page);
    const screenshot = await page.screenshot({ animations: "disabled" });
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => {
        // A sheet whose request failed has no rules to read (the browser throws).
        let rules = 0;
        try {
          rules = sheet.cssRules.length;
        } catch {}
        return { external: Boolean(sheet.href), rules, media: sheet.media.mediaText };
      }),
    );
    return { screenshot, blocked, sheets };
  } finally {
    await page.close();
  }
}

test(
  "a cached page's first screen looks the same before its stylesheet arrives",
  { tag: "@viewport" },
  async ({ context }, testInfo) => {
    test.setTimeout(180_000);
    for (const path of PAGES) {
      // Two requests: the one that renders the page is sent as rendered; the cache's copy is not.
      // Through the browser's own cookies, so a landing split test would give it the same variant.
      for (let i = 0; i < 2; i++) expect((await context.request.get(path)).status(), path).toBe(200);
      // Blocked first, so the sheet cannot come from the HTTP cache the other page fills.
      const early = await firstScreen(context, path, true);
      const full = await firstScreen(context, path, false);
      // The blocked page really had no stylesheet but its inlined rules.
      expect(early.blocked, path).toBeGreaterThan(0);
      expect(
        early.sheets.filter((sheet) => sheet.external && sheet.rules > 0),
        path,
      ).toEqual([]);
      expect(
        early.sheets.some((sheet) => !sheet.external && sheet.rules > 50),
        path,
      ).toBe(true);
      // With it, the full sheet is there for every later state (dialogs, reveals), for all media.
      expect(
        full.sheets.filter((sheet) => sheet.external && sheet.rules > 50 && sheet.media === "all"),
        path,
      ).toHaveLength(1);
      if (!early.screenshot.equals(full.screenshot)) {
        await testInfo.attach(`${path} with the stylesheet`, { body: full.screenshot, contentType: "image/png" });
        await testInfo.attach(`${path} before it`, { body: early.screenshot, contentType: "image/png" });
      }
      expect(early.screenshot.equals(full.screenshot), `${path}: first screen differs without the stylesheet`).toBe(
        true,
      );
    }
  },
);

import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { NEEDS_VISITOR, PAGE_ROUTES } from "./helpers/app-routes";
import { registerVisitor } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";

// No page scrolls sideways: on the mobile project (390 px) above all, and at 1280 px too. Every
// app/**/page.tsx route and the 404 page, plus the variants that lay out other content. Each page
// is measured as it loads and again after scrolling through it, since sections that reveal on
// scroll, lazy images and sticky bars only take their place then. A registered visitor with a
// long name and e-mail sees the personalised pages; an operator sees the console's pages (signed
// out, each of them would show the sign-in form instead).

const VARIANTS = [
  "/oto-realtime-ai-academy?variant=add-to-order",
  "/oto-realtime-ai-academy?variant=team",
  "/checkout?product=fast-forward-book&upsell=true",
  "/checkout-realtime-academy-metadata?seats=50&legal=modal",
];

// The console's pages for operators who are not signed in.
const SIGNED_OUT_CONSOLE = new Set(["/admin/sign-in", "/admin/setup"]);

function isSignedInConsole(path: string): boolean {
  return (path === "/admin" || path.startsWith("/admin/")) && !SIGNED_OUT_CONSOLE.has(path);
}

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight * 0.8;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
}

for (const route of [...PAGE_ROUTES, ...VARIANTS]) {
  test(`${route} does not scroll sideways`, { tag: "@viewport" }, async ({ page, consoleOperator }) => {
    const path = new URL(route, "http://x").pathname;
    // The booking widget's host is unreachable here; a stand-in keeps the frame quiet.
    await page.route("https://calendly.test/**", (r) => r.fulfill({ contentType: "text/html", body: "<p>Calendar" }));
    if (NEEDS_VISITOR.has(path)) {
      const id = `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
      await registerVisitor(
        page,
        "Maximiliana Featherstonehaugh-Worthington",
        `maximiliana.featherstonehaugh-worthington-${id}@enterprise-holdings.example.com`,
      );
    }
    if (isSignedInConsole(path)) {
      const email = await consoleOperator.signIn(page);
      await page.goto(route);
      // The console page itself, not the sign-in form it sends signed-out visitors to.
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByTestId("operator-email")).toHaveText(email);
    } else {
      await page.goto(route);
    }
    await page.evaluate(() => document.fonts.ready);
    await expectNoHorizontalOverflow(page, `${route} as loaded`);
    await scrollThrough(page);
    await expectNoHorizontalOverflow(page, `${route} scrolled through`);
  });
}

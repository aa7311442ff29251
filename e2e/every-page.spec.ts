import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { NEEDS_VISITOR, PAGE_ROUTES } from "./helpers/app-routes";
import { seriousViolations } from "./helpers/axe";
import { expectNoCspViolations, watchCsp } from "./helpers/csp-violations";
import { registerVisitor } from "./helpers/funnel";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { CACHEABLE_PAGES } from "../lib/site/shared/page-cache";

// Every page of app/**/page.tsx, a few variants and the 404 page, visited once at each width
// (desktop 1280 px, phone 390 px): the site header with its logo linking home, no sideways scroll
// as loaded and after scrolling through (reveals, lazy images and sticky bars take their place
// then), 0 Content-Security-Policy violations, and on the public pages no serious axe violation,
// one h1 and the landmarks. A registered visitor with a long name sees the personalised pages; an
// operator sees the console's (signed out, each would show the sign-in form instead).

const VARIANTS = [
  "/oto-realtime-ai-academy?variant=add-to-order",
  "/oto-realtime-ai-academy?variant=team",
  "/checkout?product=fast-forward-book&upsell=true",
  "/checkout-realtime-academy-metadata?seats=50&legal=modal",
];

const SIGNED_OUT_CONSOLE = new Set(["/admin/sign-in", "/admin/setup"]);

// Checked by axe: the public pages (the cached ones, the landing and the 404 page); the funnel's
// other steps are in e2e/offers-a11y.spec.ts.
const PUBLIC_PAGES = new Set(["/", ...CACHEABLE_PAGES, "/no-such-page"]);

// Reduced on the way to paying: the logo is the header's only link.
const CHECKOUT = new Set([
  "/checkout",
  "/next-offer",
  "/checkout-realtime-academy-metadata",
  "/payment-processing",
  "/payment-success",
  "/payment-success-metadata",
  "/contract-setup",
  "/oto-realtime-ai-academy",
]);

const isConsole = (path: string) => path === "/admin" || path.startsWith("/admin/");

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

async function expectLogoHome(page: Page, path: string) {
  const banner = page.getByRole("banner");
  await expect(banner).toHaveCount(1);
  await expect(banner).toBeVisible();
  const home = banner.getByRole("link", { name: "Fast Forward", exact: true });
  await expect(home).toHaveAttribute("href", "/");
  const mark = await home.locator("svg").boundingBox();
  expect(mark?.width).toBeGreaterThan(20);
  expect(mark?.height).toBeGreaterThan(10);
  expect((await banner.boundingBox())?.y, "the header sits at the top of the page").toBeLessThanOrEqual(1);
  if (CHECKOUT.has(path)) await expect(banner.getByRole("link")).toHaveCount(1);
}

test("the route table covers the funnel's pages", () => {
  expect(PAGE_ROUTES).toEqual(
    expect.arrayContaining(["/", "/checkout", "/oto-realtime-ai-academy", "/schedule-call", "/admin/leads"]),
  );
  expect(PAGE_ROUTES.length).toBeGreaterThan(30);
});

for (const route of [...PAGE_ROUTES, ...VARIANTS]) {
  test(route, { tag: "@viewport" }, async ({ page, consoleOperator }) => {
    const path = new URL(route, "http://x").pathname;
    const csp = await watchCsp(page);
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
    if (isConsole(path) && !SIGNED_OUT_CONSOLE.has(path)) {
      // Only read, so any live session of the worker's operator will do, opened on the route itself.
      const email = await consoleOperator.addSession(page, { fresh: false });
      await page.goto(route);
      // The console page itself, not the sign-in form it sends signed-out visitors to.
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByTestId("operator-email")).toHaveText(email);
    } else {
      await page.goto(route);
    }
    await page.evaluate(() => document.fonts.ready);

    // The console brings its own chrome instead of the site header.
    if (isConsole(path)) await expect(page.getByRole("link", { name: "Get the free book" })).toBeHidden();
    else await expectLogoHome(page, path);

    await expectNoHorizontalOverflow(page, `${route} as loaded`);
    await scrollThrough(page);
    await expectNoHorizontalOverflow(page, `${route} scrolled through`);

    if (PUBLIC_PAGES.has(path)) {
      // Reduced motion shows every reveal-on-scroll section in its final colours at once.
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await seriousViolations(page)).toEqual([]);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
    }
    expectNoCspViolations(csp);
  });
}

import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { recordTrackedActions } from "./helpers/funnel";

// The landing page, the paid pages and the download page, walked as a visitor. Tagged @viewport:
// what the phone's layout changes (which offer buttons show, cards stacking).

const OPT_IN_DIALOG = "Get your free copy of Fast Forward";

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

/**
 * The reading-progress bar as a visitor sees it: its rendered width (transforms included) at the
 * top, halfway and at the end of the page, against the width of the viewport it spans.
 */
async function expectProgressBarToFollowScroll(page: Page) {
  const bar = page.getByTestId("reading-progress");
  const width = () => bar.evaluate((element) => element.getBoundingClientRect().width);
  const { viewport, scrollable } = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    scrollable: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(scrollable).toBeGreaterThan(1000);
  expect(await width()).toBeLessThan(1);
  await scrollTo(page, scrollable / 2);
  await expect.poll(width).toBeGreaterThan(viewport * 0.45);
  await expect.poll(width).toBeLessThan(viewport * 0.55);
  await scrollTo(page, scrollable);
  await expect.poll(width).toBeGreaterThan(viewport - 1);
  await expect(bar).toBeVisible();
  await scrollTo(page, 0);
  await expect.poll(width).toBeLessThan(1);
}

test.describe("landing page", () => {
  test("shows the offer with the product's call to action and prices", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Get the Book Now for Free" }).first()).toBeVisible();
    for (const text of ["The RACE Framework", "The 5th Iteration Multiplier Effect", "Decision Point"]) {
      await expect(page.getByRole("heading", { name: text, exact: true }).first()).toBeAttached();
    }
    await expect(page.getByText("What's Inside", { exact: true })).toBeAttached();
    await expect(page.getByText("What This Is Worth", { exact: true })).toBeAttached();
    for (const pageNumber of [76, 119, 152, 191, 243]) {
      await expect(page.getByText(`Page ${pageNumber}`, { exact: true })).toBeAttached();
    }
    for (const figure of ["6,250 hours", "$312,500", "$3.1 million", "Better Than Money-Back", "$47.97"]) {
      await expect(page.getByText(figure, { exact: false }).first()).toBeAttached();
    }
    for (const step of [
      "Rank your processes by impact",
      "Analyze the friction points",
      "Create AI solutions",
      "Embed them in your operations",
    ]) {
      await expect(page.getByRole("heading", { name: step })).toBeAttached();
    }
  });

  test("the header turns white and blurred once scrolled past 50 px", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header.site-header");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await scrollTo(page, 40);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await scrollTo(page, 120);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveCSS("background-color", "rgba(255, 255, 255, 0.85)");
    await expect(header).toHaveCSS("backdrop-filter", "blur(12px)");
    await scrollTo(page, 0);
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the reading progress bar is as wide as the share of the page read", async ({ page }) => {
    await page.goto("/");
    await expectProgressBarToFollowScroll(page);
  });

  test(
    "the What's Inside page badges are as tall as their text, not as the card",
    { tag: "@viewport" },
    async ({ page }) => {
      await page.goto("/");
      const badges = page.getByTestId("page-badge");
      await expect(badges).toHaveCount(5);
      for (const badge of await badges.all()) {
        await badge.scrollIntoViewIfNeeded();
        const { height, lineHeight, padding, cardHeight } = await badge.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            height: element.getBoundingClientRect().height,
            lineHeight: parseFloat(style.lineHeight),
            padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
            cardHeight: element.closest("li")?.getBoundingClientRect().height ?? 0,
          };
        });
        // One line of text plus its own padding (and a pixel of rounding), far below the card.
        expect(height).toBeGreaterThan(lineHeight);
        expect(height).toBeLessThanOrEqual(lineHeight + padding + 1);
        expect(cardHeight).toBeGreaterThan(height * 2);
      }
    },
  );

  test("the scroll-down button brings the intro section into view", async ({ page }) => {
    await page.goto("/");
    const intro = page.locator("#intro-section");
    await expect(intro).not.toBeInViewport();
    await page.getByTestId("scroll-down").click();
    await expect(intro).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  test(
    "every free-offer button opens the opt-in modal, which traps focus and closes on Escape",
    { tag: "@viewport" },
    async ({ page }) => {
      await page.goto("/");
      const buttons = page.locator("[data-free-offer]");
      const count = await buttons.count();
      expect(count).toBeGreaterThanOrEqual(8);
      const dialog = page.getByRole("dialog", { name: OPT_IN_DIALOG });
      for (let index = 0; index < count; index += 1) {
        const button = buttons.nth(index);
        await button.scrollIntoViewIfNeeded();
        await button.click();
        await expect(dialog, `button ${await button.getAttribute("data-free-offer")}`).toBeVisible();
        // The page behind the modal is inert: Tab only ever lands inside the dialog (or the browser's
        // own toolbar, which the page cannot see: document.body).
        for (let tab = 0; tab < 4; tab += 1) {
          await page.keyboard.press("Tab");
          const where = await page.evaluate(() =>
            document.activeElement === document.body
              ? "browser"
              : document.activeElement?.closest("dialog")
                ? "dialog"
                : "page",
          );
          expect(where).not.toBe("page");
        }
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }
    },
  );

  test("the free-offer buttons work from the keyboard", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator('[data-free-offer="hero"]');
    await hero.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: OPT_IN_DIALOG })).toBeVisible();
  });

  test("records funnel step 1 page_load once when the page opens", async ({ page }) => {
    const events = await recordTrackedActions(page);
    await page.goto("/?utm_source=newsletter");
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ step: 1, action: "page_load", data: { page: "/", utm_source: "newsletter" } });
    await page.waitForTimeout(300);
    expect(events).toHaveLength(1);
  });

  test("sections are revealed on scroll, and shown at once when reduced motion is asked for", async ({ browser }) => {
    const motion = await browser.newPage();
    await motion.goto("/");
    const race = motion.locator('section[aria-labelledby="race-title"] [data-reveal]');
    await expect(race).toHaveCSS("opacity", "0");
    await race.scrollIntoViewIfNeeded();
    await expect(race).toHaveAttribute("data-revealed", "");
    await expect(race).toHaveCSS("opacity", "1");
    await motion.close();

    const reduced = await browser.newPage({ reducedMotion: "reduce" });
    await reduced.goto("/");
    await expect(reduced.locator('section[aria-labelledby="race-title"] [data-reveal]')).toHaveCSS("opacity", "1");
    await expect(reduced.locator("html")).toHaveCSS("scroll-behavior", "auto");
    await reduced.close();
  });

  test("the skip link is the first stop for keyboard users", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
  });
});

test.describe("paid sales pages", () => {
  for (const path of ["/paid", "/paid-alt"]) {
    test(`${path}: Buy Now For Just $7 goes to the book checkout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const buy = page.getByRole("link", { name: "Buy Now For Just $7" }).first();
      await expect(buy).toBeVisible();
      await buy.click();
      await page.waitForURL((url) => url.pathname === "/checkout");
      expect(new URL(page.url()).searchParams.get("product")).toBe("fast-forward-book");
    });
  }

  test("/paid has a reading progress bar and a look-inside modal", async ({ page }) => {
    await page.goto("/paid");
    await expectProgressBarToFollowScroll(page);

    await page.getByRole("button", { name: "Look inside the book" }).click();
    const dialog = page.getByRole("dialog", { name: "Inside Fast Forward" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("p. 243")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Look inside the book" })).toBeFocused();
  });
});

test.describe("offer pages lead to their next step", () => {
  const cases = [
    { path: "/discovery", link: "Schedule Your Discovery Session", href: "/schedule-call" },
    { path: "/offer", link: "Get AI Step By Step for $497", href: "/checkout?product=ai-step-by-step" },
    { path: "/upsell", link: "Choose My Team Seats", href: "/checkout-realtime-academy-metadata?seats=1" },
    {
      path: "/checkout-realtime-academy",
      link: "Continue to Secure Checkout",
      href: "/checkout?product=ai-step-by-step",
    },
  ];
  for (const { path, link, href } of cases) {
    test(`${path} → ${href}`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("link", { name: link })).toHaveAttribute("href", href);
    });
  }

  test("/offer shows the course prices, inclusions and cohort copy", async ({ page }) => {
    await page.goto("/offer");
    for (const text of ["$3,997", "$497", "you save $3,500", "30 business templates", "72-Hour Cash Machine"]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByText("200 spots · 173 claimed · only 27 left")).toBeVisible();
  });

  test("/upsell shows the seat price, the discount and the ROI guarantee", async ({ page }) => {
    await page.goto("/upsell");
    for (const text of ["$2,000", "$500", "75% off", "90-day ROI guarantee"]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
  });
});

test.describe("free download", () => {
  test("shows the bundle, the four bullets and a button that downloads the PDF on click", async ({ page }) => {
    await page.goto("/free-download");
    await expect(page.getByRole("heading", { level: 1, name: "Download Fast Forward Free" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Fast Forward bundle/ })).toBeVisible();
    for (const bullet of [
      "Slash overhead by triple digits",
      "Turn employees into innovation engines",
      "Build custom AI tools anyone can use",
      "Deploy step-by-step rollouts that actually stick",
    ]) {
      await expect(page.getByText(bullet)).toBeVisible();
    }
    await expect(page.getByText("Nothing downloads until you click.")).toBeVisible();

    const button = page.getByRole("link", { name: "Download Fast Forward" });
    const href = await button.getAttribute("href");
    expect(href).toBe("/downloads/fast-forward-free-edition.pdf");
    const downloadStarted = page.waitForEvent("download");
    await button.click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe("fast-forward-free-edition.pdf");

    const file = await page.request.get(href ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test.describe("not found and errors", () => {
  test("an unknown path answers 404, says so, links home and logs the path", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect.poll(() => messages.some((m) => m.includes("/no-such-page/here"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

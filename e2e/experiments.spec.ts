import type { Browser, BrowserContext, Page } from "@playwright/test";
import { queryOn } from "./helpers/funnel";
import { STRIPE_MODE_PORT, STRIPE_MODE_URL } from "./ports";
import { expect, test } from "./test";

// A landing split test in the browser: a running 50/50 landing split test decides `/` on the server, per
// browser and for good. A running landing experiment changes `/` for every visitor of its server,
// so this spec runs against the Stripe-mode server, where no other spec visits `/` (e2e/ports.ts).

const EXPERIMENT_KEY = "e2e-landing-free-vs-paid";
// The server keeps the running experiment in process for this long (surface-state.ts).
const STATE_CACHE_MS = 5_000;

type Variant = "free" | "paid";
const HEADING: Record<Variant, RegExp> = {
  free: /Put AI to work in your business/,
  paid: /The AI playbook that wins your team back/,
};

async function seedExperiment(): Promise<string> {
  // A retry, or the file's other test, finds the experiment the first insert made. No conflict
  // target, so the one-running-per-surface exclusion constraint is covered too.
  await queryOn(
    STRIPE_MODE_PORT,
    `INSERT INTO experiments (id, key, surface, variants, primary_metric, status, started_at, updated_at)
     VALUES (gen_random_uuid(), $1, 'landing', '[{"key":"free","weight":50},{"key":"paid","weight":50}]'::jsonb,
             'opt_in', 'running', now(), now())
     ON CONFLICT DO NOTHING`,
    [EXPERIMENT_KEY],
  );
  const [row] = await queryOn<{ id: string; age_ms: number }>(
    STRIPE_MODE_PORT,
    `SELECT id, (extract(epoch FROM now() - started_at) * 1000)::float8 AS age_ms
       FROM experiments WHERE key = $1 AND status = 'running'`,
    [EXPERIMENT_KEY],
  );
  if (!row) throw new Error("another landing experiment runs on the Stripe-mode server");
  // A render just before the insert may have cached "no experiment" on the server.
  if (row.age_ms < STATE_CACHE_MS + 1_000) await new Promise((r) => setTimeout(r, STATE_CACHE_MS + 1_000 - row.age_ms));
  return row.id;
}

async function freshContext(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  // The project's device (desktop or Pixel 7), as the `page` fixture would have it.
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = test.info().project.use;
  return browser.newContext({
    baseURL: STRIPE_MODE_URL,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    ...options,
  });
}

async function variantShown(page: Page): Promise<Variant> {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const text = await heading.innerText();
  if (HEADING.free.test(text)) return "free";
  if (HEADING.paid.test(text)) return "paid";
  throw new Error(`unknown landing heading: ${text}`);
}

async function expectVariantPage(page: Page, variant: Variant) {
  await expect(page.getByRole("heading", { level: 1, name: HEADING[variant] })).toBeVisible();
  if (variant === "free") {
    await expect(page.getByRole("button", { name: "Get the Book Now for Free" }).first()).toBeVisible();
    await expect(page.getByText("Buy for $7")).toHaveCount(0);
  } else {
    await expect(page.getByText(/\$7 today/).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy Now For Just $7" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Get the Book Now for Free" })).toHaveCount(0);
  }
  // The canonical stays `/` whichever landing it shows.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^${STRIPE_MODE_URL}/?$`));
}

async function browserIdOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "ff_browser");
  expect(cookie?.httpOnly).toBe(true);
  return decodeURIComponent(cookie!.value).split(".")[0]!;
}

async function exposuresOf(experimentId: string, browserId: string) {
  return queryOn<{ variant: string }>(
    STRIPE_MODE_PORT,
    "SELECT variant FROM experiment_exposures WHERE experiment_id = $1 AND browser_id = $2",
    [experimentId, browserId],
  );
}

/** Records the h1 as the document first parsed it, before any script could change it. */
async function watchFirstHeading(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { __firstHeading: string }).__firstHeading =
        document.querySelector("h1")?.textContent ?? "";
    });
  });
}

test("a running landing split test gives each browser one variant, kept across reloads and tabs", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const experimentId = await seedExperiment();
  const found = new Map<Variant, BrowserContext>();
  const opened: BrowserContext[] = [];
  try {
    for (let attempt = 0; attempt < 12 && found.size < 2; attempt++) {
      const context = await freshContext(browser);
      opened.push(context);
      await watchFirstHeading(context);
      const page = await context.newPage();
      await page.goto("/");
      const variant = await variantShown(page);
      if (!found.has(variant)) found.set(variant, context);
    }
    expect([...found.keys()].sort()).toEqual(["free", "paid"]);

    for (const [variant, context] of found) {
      const page = context.pages()[0]!;
      await expectVariantPage(page, variant);
      // The first parse already had the variant: the server rendered it, no client switch.
      expect(await page.evaluate(() => (window as unknown as { __firstHeading: string }).__firstHeading)).toMatch(
        HEADING[variant],
      );
      const html = await (await context.request.get("/")).text();
      expect(html).toMatch(HEADING[variant]);
      expect(html).not.toMatch(HEADING[variant === "free" ? "paid" : "free"]);

      await page.reload();
      await expectVariantPage(page, variant);
      const tab = await context.newPage();
      await tab.goto("/");
      await expectVariantPage(tab, variant);

      const browserId = await browserIdOf(context);
      expect(await exposuresOf(experimentId, browserId)).toEqual([{ variant }]);
    }
  } finally {
    await Promise.all(opened.map((c) => c.close()));
  }
});

test("without JavaScript the visitor still gets a whole variant page, recorded once", async ({ browser }) => {
  const experimentId = await seedExperiment();
  const context = await freshContext(browser, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/");
    const variant = await variantShown(page);
    await expectVariantPage(page, variant);
    // The page's last section is there too: the whole page, not a shell waiting for scripts.
    await expect(page.locator("main#main > section").last()).toBeVisible();
    await page.reload();
    expect(await variantShown(page)).toBe(variant);
    expect(await exposuresOf(experimentId, await browserIdOf(context))).toEqual([{ variant }]);
  } finally {
    await context.close();
  }
});

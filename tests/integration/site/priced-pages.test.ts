import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { signPreview } from "@/lib/experiments/server/preview-token";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";
import type { Surface, VariantWeight } from "@/lib/experiments/shared/surfaces";
import { findProduct } from "@/lib/payments/server/catalog";
import { priceForBrowser } from "@/lib/payments/server/experiment-price";
import { getDb } from "@/lib/platform/server/db";
import {
  browserCookieHeader,
  browserCookieName,
  browserIdFromCookieValue,
} from "@/lib/platform/server/security/browser-cookie";
import { withPageSecurity } from "@/lib/site/server/page-security";
import { PRIVATE_PAGE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "@/lib/site/shared/page-cache";

// What proxy.ts does with a cached page that prints a price under test (docs/decisions/0039): each
// browser gets the cached copy of its own variant's price, from the same decision the checkout
// charges by, and no shared cache keeps one browser's answer.

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BOOK = "fast-forward-book";
const HALF: VariantWeight[] = [
  { key: "control", weight: 1 },
  { key: "higher", weight: 1 },
];
const HIGHER_COPY = "/priced/fast-forward-book~1300/paid";

const db = () => getDb();

async function startTest(surface: Surface, variants: VariantWeight[], subject: object | null = null) {
  const row = await db().experiment.create({
    data: {
      key: `it-${surface}-${randomUUID()}`,
      surface,
      variants,
      primaryMetric: surface === "price" ? "revenue" : "paid",
      status: "running",
      startedAt: new Date(),
      ...(subject ? { subject } : {}),
    },
  });
  forgetSurfaceState();
  return row;
}

const bookPriceTest = () =>
  startTest("price", HALF, {
    kind: "price",
    productCode: BOOK,
    variants: { control: { amount: 700 }, higher: { amount: 1300 } },
  });

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  withPageSecurity(new NextRequest(`http://localhost:3000${path}`, { method, headers }));

const rewrittenTo = (response: Response) => {
  const target = response.headers.get("x-middleware-rewrite");
  return target ? new URL(target).pathname : null;
};

const mintedId = (response: Response) => {
  const setCookie = response.headers.get("set-cookie") ?? "";
  if (!setCookie.startsWith(`${browserCookieName()}=`)) return null;
  const raw = setCookie.slice(browserCookieName().length + 1).split(";")[0] ?? "";
  return browserIdFromCookieValue(decodeURIComponent(raw));
};

const cookieOf = (browserId: string) => browserCookieHeader(browserId).split(";")[0]!;

function browserIn(experimentKey: string, variant: string): string {
  for (;;) {
    const id = randomUUID();
    if (assignVariant(experimentKey, id, HALF) === variant) return id;
  }
}

const exposures = (experimentId: string) =>
  db().experimentExposure.findMany({ where: { experimentId }, select: { browserId: true, variant: true } });

async function stopAll(): Promise<void> {
  await db().experiment.updateMany({
    where: { status: "running", surface: { in: ["price", "landing"] } },
    data: { status: "stopped", stoppedAt: new Date() },
  });
  forgetSurfaceState();
}

beforeEach(stopAll);
afterEach(stopAll);

describe("a cached page that prints a price under test (proxy.ts)", () => {
  it("with no price test of the page's product: the page itself, public, nothing minted or recorded", async () => {
    const courseTest = await startTest("price", HALF, {
      kind: "price",
      productCode: "ai-step-by-step",
      variants: { control: { amount: 49_700 }, higher: { amount: 59_700 } },
    });
    for (const path of ["/paid", "/paid-alt", "/privacy"]) {
      const response = await get(path, { "user-agent": CHROME });
      expect(rewrittenTo(response), path).toBeNull();
      expect(response.headers.get("cache-control"), path).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
    expect(await exposures(courseTest.id)).toEqual([]);
  });

  it("gives two browsers in different variants different cached copies, privately, as checkout prices them", async () => {
    const test = await bookPriceTest();
    const control = browserIn(test.key, "control");
    const higher = browserIn(test.key, "higher");
    const book = (await findProduct(BOOK))!;
    for (let visit = 0; visit < 2; visit++) {
      for (const path of ["/paid", "/paid-alt"]) {
        // The control's price is the catalog's: the ordinary copy, never the other variant's.
        const asControl = await get(path, { "user-agent": CHROME, cookie: cookieOf(control) });
        expect(rewrittenTo(asControl), path).toBeNull();
        expect(asControl.headers.get("cache-control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
        const asHigher = await get(path, { "user-agent": CHROME, cookie: cookieOf(higher) });
        expect(rewrittenTo(asHigher), path).toBe(`/priced/fast-forward-book~1300${path}`);
        expect(asHigher.headers.get("cache-control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
        expect(asHigher.headers.get("set-cookie")).toBeNull();
      }
    }
    // The checkout's price for each browser is the one its page showed.
    const charged = async (browserId: string) =>
      (await priceForBrowser(book, { browserId, userAgent: CHROME })).product.unitAmount;
    expect([await charged(control), await charged(higher)]).toEqual([700, 1300]);
    expect(await exposures(test.id)).toEqual(
      expect.arrayContaining([
        { browserId: control, variant: "control" },
        { browserId: higher, variant: "higher" },
      ]),
    );
    // A course page prints no book price: no copy, no exposure.
    const newcomer = browserIn(test.key, "higher");
    expect(rewrittenTo(await get("/offer", { "user-agent": CHROME, cookie: cookieOf(newcomer) }))).toBeNull();
    expect((await exposures(test.id)).map((e) => e.browserId)).not.toContain(newcomer);
  });

  it("decides a first visit by the browser id it mints, and / by the same id for the landing and the price", async () => {
    const test = await bookPriceTest();
    const landingSplit = [
      { key: "free", weight: 1 },
      { key: "paid", weight: 1 },
    ];
    const landing = await startTest("landing", landingSplit);
    for (const path of ["/paid", "/"]) {
      const response = await get(path, { "user-agent": CHROME });
      const browserId = mintedId(response);
      expect(browserId, path).toMatch(/^[0-9a-f-]{36}$/);
      const variant = assignVariant(test.key, browserId!, HALF);
      const shown = assignVariant(landing.key, browserId!, landingSplit);
      const page = path === "/" ? `/landing/${shown}` : path;
      // The catalog's price needs no copy: /paid is served as it is, / as its landing variant.
      const unpriced = path === "/" ? page : null;
      expect(rewrittenTo(response), path).toBe(
        variant === "higher" ? `/priced/fast-forward-book~1300${page}` : unpriced,
      );
      expect(response.headers.get("cache-control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
      const recorded = await db().experimentExposure.findMany({
        where: { browserId: browserId! },
        select: { experimentId: true, variant: true },
      });
      const expected = [{ experimentId: test.id, variant }];
      if (path === "/") expected.push({ experimentId: landing.id, variant: shown });
      expect(recorded).toEqual(expect.arrayContaining(expected));
      expect(recorded).toHaveLength(expected.length);
    }
  });

  it("gives a prefetch its variant's copy but records nothing, and a bot the catalog's copy", async () => {
    const test = await bookPriceTest();
    const higher = browserIn(test.key, "higher");
    const prefetch = await get("/paid", {
      "user-agent": CHROME,
      cookie: cookieOf(higher),
      "next-router-prefetch": "1",
    });
    expect(rewrittenTo(prefetch)).toBe(HIGHER_COPY);
    const bot = await get("/paid", { "user-agent": GOOGLEBOT });
    expect(rewrittenTo(bot)).toBeNull();
    expect(bot.headers.get("set-cookie")).toBeNull();
    expect(await exposures(test.id)).toEqual([]);
  });

  it("shows a signed console preview's price without joining the test; a forged one changes nothing", async () => {
    const test = await bookPriceTest();
    const control = browserIn(test.key, "control");
    const token = signPreview({ experimentId: test.id, variant: "higher" });
    const previewed = await get(`/paid?preview=${encodeURIComponent(token)}`, {
      "user-agent": CHROME,
      cookie: cookieOf(control),
    });
    expect(rewrittenTo(previewed)).toBe(HIGHER_COPY);
    const forged = await get(`/paid?preview=${encodeURIComponent(`${test.id}~higher.forged`)}`, {
      "user-agent": CHROME,
      cookie: cookieOf(control),
    });
    expect(rewrittenTo(forged)).toBeNull();
    expect(await exposures(test.id)).toEqual([{ browserId: control, variant: "control" }]);
  });

  it("after a stop, shows everyone the rolled-out price, publicly; the copies' own addresses are internal", async () => {
    const test = await bookPriceTest();
    await db().experiment.update({
      where: { id: test.id },
      data: { status: "stopped", stoppedAt: new Date(), rolledOutVariant: "higher" },
    });
    forgetSurfaceState();
    for (const agent of [CHROME, GOOGLEBOT]) {
      const response = await get("/paid", { "user-agent": agent });
      expect(rewrittenTo(response)).toBe(HIGHER_COPY);
      expect(response.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(rewrittenTo(await get(HIGHER_COPY, { "user-agent": CHROME }))).toBe("/landing");
  });
});

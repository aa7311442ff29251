import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/platform/server/config";
import { cohortSpotsLeft, courseSaving, salesPricesOf, teamDiscountPercent } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { LANDING_ROI_INPUT, computeRoi, formatMillions } from "@/lib/site/shared/roi";
import { HEADER_BY_PATH, headerKind } from "@/lib/site/shared/header-kind";
import { bookJsonLd, serializeJsonLd } from "@/lib/site/shared/json-ld";
import { NOT_CRAWLED, PUBLIC_PAGES } from "@/lib/site/shared/public-pages";
import { isHeaderSolid, readingProgress } from "@/lib/site/shared/scroll-math";
import { absoluteUrl } from "@/lib/site/shared/urls";

describe("sales copy figures", () => {
  it("derives the savings, discount and spots the copy states from the catalog's prices", () => {
    const prices = salesPricesOf([
      { id: "fast-forward-book", unitAmount: 700, regularAmount: 4797 },
      { id: "ai-step-by-step", unitAmount: 49_700, regularAmount: 399_700 },
      { id: "team-training-seat", unitAmount: 50_000, regularAmount: 200_000 },
    ]);
    expect(prices).toEqual({
      book: { normalPrice: 4797, paidPrice: 700 },
      course: { regularPrice: 399_700, offerPrice: 49_700 },
      team: { seatPrice: 50_000, normalSeatPrice: 200_000 },
    });
    expect([courseSaving(prices), teamDiscountPercent(prices), cohortSpotsLeft()]).toEqual([350_000, 75, 27]);
    expect(() => salesPricesOf([])).toThrow(/fast-forward-book/);
  });

  it("formats cents as dollars, with cents only when there are some", () => {
    expect(formatUsd(700)).toBe("$7");
    expect(formatUsd(4797)).toBe("$47.97");
    expect(formatUsd(399_700)).toBe("$3,997");
    expect(formatUsd(31_250_000)).toBe("$312,500");
  });

  it("computes the landing ROI panel: 6,250 hours, $312,500, $3.1 million at 10X", () => {
    const roi = computeRoi(LANDING_ROI_INPUT);
    expect(roi).toEqual({ hoursPerYear: 6250, valuePerYear: 31_250_000, valueAt10x: 312_500_000 });
    expect(formatMillions(roi.valueAt10x)).toBe("$3.1 million");
    expect(formatMillions(299_000_000)).toBe("$2.9 million");
  });
});

describe("scroll chrome", () => {
  it("turns the header solid only past 50 px", () => {
    expect(isHeaderSolid(0)).toBe(false);
    expect(isHeaderSolid(50)).toBe(false);
    expect(isHeaderSolid(51)).toBe(true);
  });

  it("reports reading progress between 0 and 1", () => {
    expect(readingProgress(0, 3000, 1000)).toBe(0);
    expect(readingProgress(1000, 3000, 1000)).toBe(0.5);
    expect(readingProgress(2000, 3000, 1000)).toBe(1);
    expect(readingProgress(-40, 3000, 1000)).toBe(0);
    expect(readingProgress(2600, 3000, 1000)).toBe(1);
    expect(readingProgress(0, 800, 1000)).toBe(1);
  });
});

describe("canonical addresses and structured data", () => {
  it("joins the site origin and a path without doubled or missing slashes", () => {
    expect(absoluteUrl("https://ff.example", "/privacy")).toBe("https://ff.example/privacy");
    expect(absoluteUrl("https://ff.example/", "privacy")).toBe("https://ff.example/privacy");
    expect(absoluteUrl("https://ff.example", "/")).toBe("https://ff.example/");
  });

  it("describes the book and its offer, with the list price when discounted", () => {
    const data = bookJsonLd({
      siteUrl: "https://ff.example",
      path: "/paid",
      price: 700,
      listPrice: 4797,
      imagePath: "/c.svg",
    });
    expect(data).toMatchObject({
      "@type": "Book",
      url: "https://ff.example/paid",
      image: "https://ff.example/c.svg",
      offers: { "@type": "Offer", price: "7.00", priceCurrency: "USD", priceSpecification: { price: "47.97" } },
    });
    const full = bookJsonLd({
      siteUrl: "https://ff.example",
      path: "/",
      price: 4797,
      listPrice: 4797,
      imagePath: "/c.svg",
    });
    expect(full.offers).not.toHaveProperty("priceSpecification");
  });

  it("never lets JSON-LD text close its <script> element", () => {
    const out = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("<");
    expect(JSON.parse(out)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("lists only public pages in the sitemap, none of them excluded from crawling", () => {
    for (const page of PUBLIC_PAGES) {
      expect(NOT_CRAWLED.some((prefix) => page.path.startsWith(prefix))).toBe(false);
    }
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/", "/paid", "/privacy", "/sms-phone-terms"]),
    );
  });
});

describe("FREE_DOWNLOAD_URL", () => {
  it("defaults to the shipped PDF and accepts a path or an http(s) URL", () => {
    expect(parseConfig({}).FREE_DOWNLOAD_URL).toBe("/downloads/fast-forward-free-edition.pdf");
    expect(parseConfig({ FREE_DOWNLOAD_URL: "https://files.example/ff.pdf" }).FREE_DOWNLOAD_URL).toBe(
      "https://files.example/ff.pdf",
    );
  });

  it("rejects other schemes and protocol-relative addresses, naming the variable", () => {
    for (const value of ["javascript:alert(1)", "//evil.example/x.pdf", "ftp://x/y.pdf"]) {
      expect(() => parseConfig({ FREE_DOWNLOAD_URL: value })).toThrow(/FREE_DOWNLOAD_URL/);
    }
  });
});

describe("site header per page", () => {
  const pages = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() && entry.name !== "api"
        ? pages(`${dir}/${entry.name}`)
        : entry.name === "page.tsx"
          ? [dir.replace(/^app/, "") || "/"]
          : [],
    );
  const root = path.resolve(import.meta.dirname, "../../..");
  // `/` has no page.tsx of its own: proxy.ts rewrites it to its variant's app/landing/[variant].
  const routes = [...pages("app"), "/"];
  const pageFile = (route: string) => path.join(root, "app", route === "/" ? "landing/[variant]" : route, "page.tsx");

  it("names only routes that exist, and gives every other path the full site header", () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(Object.keys(HEADER_BY_PATH).filter((route) => !routes.includes(route))).toEqual([]);
    expect(headerKind("/privacy")).toBe("site");
    expect(headerKind("/schedule-call")).toBe("site");
    // The booking manage link: the site header, never crawled (robots.txt) nor in the sitemap.
    expect(headerKind("/schedule-call/manage")).toBe("site");
    expect(NOT_CRAWLED.some((prefix) => "/schedule-call/manage".startsWith(prefix))).toBe(true);
    expect(PUBLIC_PAGES.some((page) => page.path.startsWith("/schedule-call"))).toBe(false);
    expect(headerKind("/no-such-page")).toBe("site");
    expect(headerKind("/checkout/")).toBe("checkout");
    expect(headerKind("/payment-success-metadata")).toBe("checkout");
    expect(headerKind("/oto-realtime-ai-academy")).toBe("offer");
    expect(headerKind("/")).toBe("own");
    // What `/` renders at: its variants' internal addresses.
    expect(headerKind("/landing/free")).toBe("own");
    expect(headerKind("/landing/paid")).toBe("own");
  });

  it("leaves out only pages that render the sales header (logo linking home) themselves", () => {
    const own = routes.filter((route) => headerKind(route) === "own");
    expect(own).toEqual(expect.arrayContaining(["/", "/paid", "/paid-alt"]));
    for (const route of own) {
      const source = readFileSync(pageFile(route), "utf8");
      // `/` and /paid render the landing bodies shared by the split test, checked below.
      expect(source, route).toMatch(/<(LandingHeader|PaidHeader|FreeLanding|PaidLanding)\b/);
    }
    for (const [file, header] of [
      ["components/landing/free-landing.tsx", "<LandingHeader />"],
      ["components/paid/paid-landing.tsx", "<PaidHeader />"],
    ]) {
      expect(readFileSync(path.join(root, file!), "utf8"), file).toContain(header);
    }
  });
});

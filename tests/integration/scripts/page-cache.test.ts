import type { ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";
import { getDb } from "@/lib/platform/server/db";
import { productionBuildReady, startBuiltServer, type BuiltServer } from "@/tests/support/built-server";
import { CACHEABLE_PAGES, PUBLIC_PAGE_CACHE_CONTROL, cachedPageKeys } from "@/lib/site/shared/page-cache";

// Against the production build (`node --import tsx scripts/run/build.ts`, made with the
// default SITE_URL): the cacheable pages come from Next.js's cache with a public Cache-Control and
// a CSP made of the hashes of exactly the scripts they carry, with no nonce anywhere; the run-time
// SITE_URL and PROVIDER_NAME show, not the build's; per-visitor pages stay private with a fresh
// nonce; `/` is cached per variant and private while a split test runs. `npm test` runs it after its build step with
// HTTP_FRONT_REQUIRED=1 (as http-front.test.ts), which turns a missing build into a failure.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const built = productionBuildReady("the production build for the cached-page tests");

const SITE_URL = "https://cached-pages.example";
const PROVIDER_NAME = "Run-time Provider Ltd";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
// The server keeps a surface's experiment state this long (surface-state.ts).
const STATE_CACHE_MS = 5_000;

type Page = { status: number; headers: Headers; body: string };

let server: { port: number; child: ChildProcess } | undefined;

async function get(urlPath: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`http://127.0.0.1:${server!.port}${urlPath}`, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function start(): Promise<BuiltServer> {
  return startBuiltServer(() => ({ SITE_URL, PROVIDER_NAME }));
}

const policyOf = (page: Page) => page.headers.get("content-security-policy") ?? "";

const nonceOf = (page: Page) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(policyOf(page))?.[1];

/** The script-src sources of the page's policy. */
const scriptSources = (page: Page) =>
  (/(?:^|;)\s*script-src ([^;]*)/.exec(policyOf(page))?.[1] ?? "").trim().split(/\s+/);

/** Every executable inline or external script the page carries (JSON-LD data blocks are not run). */
function scripts(html: string): { tag: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((m) => ({ tag: m[0].slice(0, m[0].indexOf(">") + 1), text: m[2]! }))
    .filter(({ tag }) => !tag.includes("application/ld+json"));
}

const scriptTags = (html: string) => scripts(html).map(({ tag }) => tag);

const sha256 = (bytes: string | Uint8Array) => `'sha256-${createHash("sha256").update(bytes).digest("base64")}'`;

/**
 * What a policy must name for the page's own scripts to run, found independently of the cache's
 * code: each inline script's text, and each build chunk as the server sends it.
 */
async function hashesOfScripts(page: Page): Promise<string[]> {
  const hashes = new Set<string>();
  for (const { tag, text } of scripts(page.body)) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (src === undefined) {
      hashes.add(sha256(text));
      continue;
    }
    const chunk = await fetch(`http://127.0.0.1:${server!.port}${src}`);
    expect(chunk.status, src).toBe(200);
    const hash = sha256(new Uint8Array(await chunk.arrayBuffer()));
    // The browser loads it only if its integrity is the policy's hash.
    expect(tag, src).toContain(` integrity="${hash.slice(1, -1)}"`);
    hashes.add(hash);
  }
  return [...hashes].sort();
}

/** A cached page's policy: no nonce, and the hashes of exactly the scripts the page carries. */
async function expectHashPolicy(page: Page, pagePath: string): Promise<void> {
  expect(policyOf(page), pagePath).not.toMatch(/'nonce-/);
  expect(page.body, pagePath).not.toMatch(/<[^>]+\snonce=/);
  const sources = scriptSources(page);
  expect(sources.slice(-2), pagePath).toEqual(["'strict-dynamic'", "'self'"]);
  expect(sources.slice(0, -2).sort(), pagePath).toEqual(await hashesOfScripts(page));
}

/** The cached copy is re-serialized with its critical CSS (void elements lose their "/"). */
const canonicalLink = (url: string) => new RegExp(`<link rel="canonical" href="${url.replace(/[.]/g, "\\.")}"/?>`);

/** The build's stylesheet links in <head>: as rendered (blocking), or loaded as media="print" with the critical rules inlined. */
function stylesheetPlacement(html: string): { blocking: number; deferred: number; inlined: boolean } {
  const head = html.slice(0, html.indexOf("</head>")).replace(/<noscript>.*?<\/noscript>/gs, "");
  const links = head.match(/<link rel="stylesheet" href="\/_next\/[^>]*>/g) ?? [];
  return {
    blocking: links.filter((link) => !link.includes('media="print"')).length,
    deferred: links.filter((link) => link.includes('media="print" data-beasties-media="all"')).length,
    inlined: (/<style[^>]*>([\s\S]*?)<\/style>/.exec(head)?.[1]?.length ?? 0) > 1000,
  };
}

/** The one landing experiment this file runs. */
async function startLandingTest(): Promise<{ id: string }> {
  const data = {
    key: `it-page-cache-${randomUUID()}`,
    surface: "landing",
    variants: [
      { key: "free", weight: 50 },
      { key: "paid", weight: 50 },
    ],
    primaryMetric: "opt_in",
    status: "running",
    startedAt: new Date(),
  };
  return getDb().experiment.create({ data, select: { id: true } });
}

async function stop(): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = once(server.child, "exit");
  server.child.kill("SIGTERM");
  await exited;
}

describe.runIf(built)("cached marketing pages on the production build", () => {
  beforeAll(async () => {
    server = await start();
  }, 90_000);
  afterAll(stop);

  it("lists exactly the pages the build made cacheable (a page the proxy sends no nonce must come from the cache)", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next", "prerender-manifest.json"), "utf8")) as {
      routes: Record<string, unknown>;
    };
    // Metadata routes (robots.txt, sitemap.xml, icons) are no HTML and carry no policy.
    // The 404 and error pages are never kept (scripts/lib/page-cache-handler.mjs says why).
    const pages = Object.keys(manifest.routes).filter(
      (route) => !/\.\w+$/.test(route) && route !== "/_global-error" && route !== "/_not-found",
    );
    expect(pages.sort()).toEqual(cachedPageKeys().sort());
  });

  it("serves each cacheable page from the cache, public, with the run-time configuration and a policy of exactly its scripts' hashes", async () => {
    for (const pagePath of CACHEABLE_PAGES) {
      const first = await get(pagePath);
      const second = await get(pagePath);
      expect(first.headers.get("x-nextjs-cache"), pagePath).toBe("MISS");
      expect(second.status, pagePath).toBe(200);
      expect(second.headers.get("x-nextjs-cache"), pagePath).toBe("HIT");
      expect(second.headers.get("cache-control"), pagePath).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(second.headers.get("set-cookie"), pagePath).toBeNull();
      // Nothing in the page or its policy an injected script could reuse; the answer that rendered
      // the page is the stored copy under the same policy.
      expect(scriptTags(second.body).length, pagePath).toBeGreaterThan(0);
      await expectHashPolicy(second, pagePath);
      expect(first.body, pagePath).toBe(second.body);
      expect(policyOf(first), pagePath).toBe(policyOf(second));
      // The started SITE_URL, not the build's default.
      expect(second.body, pagePath).toMatch(canonicalLink(`${SITE_URL}${pagePath}`));
      expect(second.body, pagePath).not.toContain("localhost:3000");
      // Stored with its critical CSS (scripts/lib/critical-css.mjs): rules inlined in <head>, the
      // full sheet loaded without blocking, its media restored by a script the policy names.
      expect(stylesheetPlacement(second.body), pagePath).toEqual({ blocking: 0, deferred: 1, inlined: true });
      expect(second.body, pagePath).toContain(`<script>document.querySelectorAll('link[data-beasties-media]')`);
    }
    const legal = await get("/privacy");
    expect(legal.body).toContain(PROVIDER_NAME);
    // Its header only: the checkout's ("Secure checkout") is not carried in the page's payload.
    expect(legal.body).toContain("Get the free book");
    expect(legal.body).not.toContain("Secure checkout");
  });

  it("keeps per-visitor pages and the 404 page private, rendered per request with a fresh nonce", async () => {
    for (const pagePath of [
      "/vip-detected",
      "/schedule-call",
      "/checkout",
      "/oto-realtime-ai-academy",
      "/no-such-page",
    ]) {
      const first = await get(pagePath);
      const second = await get(pagePath);
      expect(second.headers.get("cache-control"), pagePath).toMatch(/^private, .*no-store/);
      expect(second.headers.get("x-nextjs-cache"), pagePath).not.toBe("HIT");
      expect(nonceOf(second), pagePath).toBeTruthy();
      expect(nonceOf(second), pagePath).not.toBe(nonceOf(first));
      for (const tag of scriptTags(second.body)) expect(tag, pagePath).toContain(`nonce="${nonceOf(second)}"`);
      expect(stylesheetPlacement(second.body), pagePath).toMatchObject({ blocking: 1, deferred: 0 });
    }
    // The variants' internal addresses are no pages of their own.
    expect((await get("/landing/paid")).status).toBe(404);
  });

  it("caches / per variant: public with no test running, private while one runs, each browser keeping its variant", async () => {
    const experiment = await startLandingTest();
    await getDb().experiment.update({
      where: { id: experiment.id },
      data: { status: "stopped", stoppedAt: new Date(), rolledOutVariant: null },
    });
    await new Promise((resolve) => setTimeout(resolve, STATE_CACHE_MS + 500));
    await get("/");
    const open = await get("/");
    expect(open.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(open.headers.get("x-nextjs-cache")).toBe("HIT");
    expect(open.headers.get("set-cookie")).toBeNull();
    expect(open.body).toMatch(canonicalLink(SITE_URL));
    expect(open.body).toContain(`"url":"${SITE_URL}`);
    await expectHashPolicy(open, "/");

    const running = await startLandingTest();
    forgetSurfaceState();
    try {
      await new Promise((resolve) => setTimeout(resolve, STATE_CACHE_MS + 500));
      const seen = new Map<string, string>();
      for (let visitor = 0; visitor < 24 && seen.size < 2; visitor++) {
        const first = await get("/", { "user-agent": CHROME });
        expect(first.headers.get("cache-control")).toBe("private, no-store, max-age=0");
        const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
        // This server's SITE_URL is https: the cookie carries the __Host- prefix.
        expect(cookie.startsWith("__Host-ff_browser=")).toBe(true);
        const again = await get("/", { "user-agent": CHROME, cookie });
        const later = await get("/", { "user-agent": CHROME, cookie });
        // Rendered once per variant and served from the cache, the same page each time (the
        // request that rendered it got it without the critical CSS the cache adds).
        expect(again.headers.get("x-nextjs-cache")).toBe("HIT");
        expect(later.body).toBe(again.body);
        expect(/<title>[^<]*<\/title>/.exec(first.body)?.[0]).toBe(/<title>[^<]*<\/title>/.exec(again.body)?.[0]);
        const title = /<title>([^<]*)<\/title>/.exec(again.body)?.[1] ?? "";
        expect(policyOf(later)).toBe(policyOf(again));
        if (!seen.has(title)) {
          await expectHashPolicy(again, `/ as ${title}`);
          seen.set(title, policyOf(again));
        }
      }
      expect(seen.size).toBe(2);
      expect(new Set(seen.values()).size).toBe(2);
      const rows = await getDb().experimentExposure.groupBy({
        by: ["variant"],
        where: { experimentId: running.id },
        _count: true,
      });
      expect(rows.map((r) => r.variant).sort()).toEqual(["free", "paid"]);
    } finally {
      await getDb().experimentExposure.deleteMany({ where: { experimentId: running.id } });
      await getDb().experiment.deleteMany({ where: { id: { in: [experiment.id, running.id] } } });
    }
  }, 60_000);
});

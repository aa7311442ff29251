import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { forgetSurfaceState } from "@/lib/experiments/server/surface-state";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import type { Surface, VariantWeight } from "@/lib/experiments/shared/surfaces";
import { registerProspect, registerSchema } from "@/lib/leads/server/register-prospect";
import { createPaymentIntent } from "@/lib/payments/server/create-payment-intent";
import { createPaymentIntentSchema } from "@/lib/payments/shared/schemas";
import {
  browserCookieName,
  browserCookieHeader,
  browserIdFromCookieValue,
} from "@/lib/platform/server/security/browser-cookie";
import { withPageSecurity } from "@/lib/site/server/page-security";

// End to end below the page: what a visitor is assigned, what is recorded, and what
// the lead and the order carry. proxy.ts (for `/`, lib/experiments/server/landing-route.ts) and the
// offer page (offer-variant.ts) call resolveSurfaceVariant with the request's browser id and user agent.

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const FIFTY_FIFTY: VariantWeight[] = [
  { key: "free", weight: 50 },
  { key: "paid", weight: 50 },
];

const db = () => getDb();

async function startExperiment(surface: Surface, variants: VariantWeight[]) {
  const data = {
    key: `it-${surface}-${randomUUID()}`,
    surface,
    variants,
    primaryMetric: "paid",
    status: "running",
    startedAt: new Date(),
  };
  const row = await db().experiment.create({ data });
  forgetSurfaceState();
  return row;
}

async function stopExperiment(id: string, rolledOutVariant: string | null) {
  await db().experiment.update({
    where: { id },
    data: { status: "stopped", stoppedAt: new Date(), rolledOutVariant },
  });
  forgetSurfaceState();
}

const exposures = (experimentId: string, browserId: string) =>
  db().experimentExposure.findMany({ where: { experimentId, browserId } });

const person = (browserId: string | null = randomUUID()) => ({ browserId, userAgent: CHROME });

beforeEach(() => forgetSurfaceState());

describe("split-test assignment", () => {
  it("with no experiment, the configuration decides and nothing is recorded", async () => {
    const browserId = randomUUID();
    expect(await resolveSurfaceVariant("landing", person(browserId), "free")).toEqual({
      variant: "free",
      source: "configuration",
      experimentKey: null,
    });
    expect((await resolveSurfaceVariant("offer", person(browserId), "team")).variant).toBe("team");
    expect(await db().experimentExposure.count({ where: { browserId } })).toBe(0);
  });

  it("assigns a running experiment's variant by hash, records it once and keeps it", async () => {
    const experiment = await startExperiment("landing", FIFTY_FIFTY);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const browserId = randomUUID();
      const first = await resolveSurfaceVariant("landing", person(browserId), "free");
      expect(first).toEqual({
        variant: assignVariant(experiment.key, browserId, FIFTY_FIFTY),
        source: "experiment",
        experimentKey: experiment.key,
      });
      expect((await resolveSurfaceVariant("landing", person(browserId), "free")).variant).toBe(first.variant);
      const rows = await exposures(experiment.id, browserId);
      expect(rows.map((r) => r.variant)).toEqual([first.variant]);
      seen.add(first.variant);
    }
    expect([...seen].sort()).toEqual(["free", "paid"]);
    await stopExperiment(experiment.id, null);
  });

  it("gives a prefetch its hashed variant without recording an exposure (it may never be shown)", async () => {
    const experiment = await startExperiment("landing", FIFTY_FIFTY);
    const browserId = randomUUID();
    const prefetched = await resolveSurfaceVariant("landing", { ...person(browserId), prefetch: true }, "free");
    expect(prefetched.variant).toBe(assignVariant(experiment.key, browserId, FIFTY_FIFTY));
    expect(await exposures(experiment.id, browserId)).toHaveLength(0);
    await resolveSurfaceVariant("landing", person(browserId), "free");
    expect(await exposures(experiment.id, browserId)).toHaveLength(1);
    await stopExperiment(experiment.id, null);
  });

  it("records one exposure under concurrent renders of one browser", async () => {
    const experiment = await startExperiment("landing", FIFTY_FIFTY);
    const browserId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => resolveSurfaceVariant("landing", person(browserId), "free")),
    );
    expect(new Set(results.map((r) => r.variant)).size).toBe(1);
    expect(await exposures(experiment.id, browserId)).toHaveLength(1);
    await stopExperiment(experiment.id, null);
  });

  it("serves the stored variant even after the weights change", async () => {
    const experiment = await startExperiment("landing", FIFTY_FIFTY);
    const browsers = Array.from({ length: 20 }, () => randomUUID());
    const before = new Map<string, string>();
    for (const id of browsers) before.set(id, (await resolveSurfaceVariant("landing", person(id), "free")).variant);
    const skewed = [
      { key: "free", weight: 1 },
      { key: "paid", weight: 99 },
    ];
    await db().experiment.update({ where: { id: experiment.id }, data: { variants: skewed } });
    forgetSurfaceState();
    const moved = browsers.filter((id) => assignVariant(experiment.key, id, skewed) !== before.get(id));
    expect(moved.length).toBeGreaterThan(0);
    for (const id of browsers) {
      expect((await resolveSurfaceVariant("landing", person(id), "free")).variant).toBe(before.get(id));
    }
    await stopExperiment(experiment.id, null);
  });

  it("gives bots and visitors without a browser id the default, recording nothing", async () => {
    const experiment = await startExperiment("offer", [
      { key: "countdown", weight: 1 },
      { key: "add-to-order", weight: 1 },
      { key: "team", weight: 1 },
    ]);
    const browserId = randomUUID();
    for (const userAgent of [GOOGLEBOT, "curl/8.5.0", "", null]) {
      expect(await resolveSurfaceVariant("offer", { browserId, userAgent }, "team")).toMatchObject({
        variant: "team",
        source: "configuration",
      });
    }
    expect((await resolveSurfaceVariant("offer", person(null), "countdown")).variant).toBe("countdown");
    expect(await exposures(experiment.id, browserId)).toHaveLength(0);
    await stopExperiment(experiment.id, null);
  });

  it("a free-book reader is never assigned nor shown the add-to-order offer, whatever the test, roll-out or configuration says", async () => {
    // Written past the console's check, as a draft saved before the audience rule could be.
    const variants: VariantWeight[] = [
      { key: "countdown", weight: 1 },
      { key: "add-to-order", weight: 1 },
      { key: "team", weight: 1 },
    ];
    const experiment = await startExperiment("offer", variants);
    const readers = Array.from({ length: 60 }, () => randomUUID());
    const seen = new Set<string>();
    for (const browserId of readers) {
      const shown = await resolveSurfaceVariant("offer", { ...person(browserId), kind: "free_book" }, "add-to-order");
      seen.add(shown.variant);
      if (assignVariant(experiment.key, browserId, variants) === "add-to-order") {
        // Left out of the test rather than counted under a variant they never saw.
        expect(shown).toMatchObject({ variant: "countdown", source: "configuration" });
      }
    }
    expect([...seen].sort()).toEqual(["countdown", "team"]);
    const recorded = await db().experimentExposure.groupBy({
      by: ["variant"],
      where: { experimentId: experiment.id, browserId: { in: readers } },
      _count: { _all: true },
    });
    expect(recorded.map((r) => r.variant).sort()).toEqual(["countdown", "team"]);
    // A $7 book buyer may get it.
    const buyers = Array.from({ length: 30 }, () => randomUUID());
    const buyerVariants = new Set<string>();
    for (const browserId of buyers) {
      buyerVariants.add(
        (await resolveSurfaceVariant("offer", { ...person(browserId), kind: "book_buyer" }, "countdown")).variant,
      );
    }
    expect(buyerVariants.has("add-to-order")).toBe(true);

    await stopExperiment(experiment.id, "add-to-order");
    expect(await resolveSurfaceVariant("offer", { ...person(), kind: "free_book" }, "team")).toMatchObject({
      variant: "team",
      source: "configuration",
    });
    expect((await resolveSurfaceVariant("offer", { ...person(), kind: "book_buyer" }, "team")).variant).toBe(
      "add-to-order",
    );
  });

  it("a stop made by a route is seen at once by the pages: Next.js bundles them apart, each its own copy", async () => {
    const pages = await import("@/lib/experiments/server/surface-state");
    vi.resetModules();
    const route = await import("@/lib/experiments/server/surface-state");
    expect(route).not.toBe(pages);
    const experiment = await startExperiment("landing", FIFTY_FIFTY);
    expect((await pages.surfaceState("landing")).running?.id).toBe(experiment.id);
    await db().experiment.update({
      where: { id: experiment.id },
      data: { status: "stopped", stoppedAt: new Date(), rolledOutVariant: "paid" },
    });
    expect((await pages.surfaceState("landing")).running?.id).toBe(experiment.id);
    route.forgetSurfaceState();
    expect(await pages.surfaceState("landing")).toMatchObject({ running: null, rollout: "paid" });
  });

  it("after a stop, the rollout applies to everyone (bots too) until another experiment runs", async () => {
    const first = await startExperiment("landing", FIFTY_FIFTY);
    const exposed = randomUUID();
    await resolveSurfaceVariant("landing", person(exposed), "free");
    await stopExperiment(first.id, "paid");
    for (const visitor of [person(exposed), person(), { browserId: null, userAgent: GOOGLEBOT }]) {
      expect(await resolveSurfaceVariant("landing", visitor, "free")).toEqual({
        variant: "paid",
        source: "rollout",
        experimentKey: null,
      });
    }
    expect(await db().experimentExposure.count({ where: { experimentId: first.id } })).toBe(1);

    // The next experiment assigns again; while it runs a bot gets the previous rollout.
    const second = await startExperiment("landing", FIFTY_FIFTY);
    const fresh = randomUUID();
    expect((await resolveSurfaceVariant("landing", person(fresh), "free")).source).toBe("experiment");
    expect((await resolveSurfaceVariant("landing", { browserId: fresh, userAgent: GOOGLEBOT }, "free")).variant).toBe(
      "paid",
    );
    await stopExperiment(second.id, null);
    // The latest stop rolled nothing out: the configuration is back.
    expect((await resolveSurfaceVariant("landing", person(fresh), "free")).source).toBe("configuration");
  });

  it("stamps the running experiments' variants on the lead and the order, first exposure winning", async () => {
    const experiment = await startExperiment("landing", FIFTY_FIFTY);
    const old = await startExperiment("offer", [
      { key: "countdown", weight: 1 },
      { key: "team", weight: 1 },
    ]);
    const browserId = randomUUID();
    const { variant } = await resolveSurfaceVariant("landing", person(browserId), "free");
    await resolveSurfaceVariant("offer", person(browserId), "countdown");
    // A stopped experiment's exposure is history, not stamped on new leads.
    await stopExperiment(old.id, null);

    const contactId = randomUUID();
    const email = `split-${contactId}@example.com`;
    const input = registerSchema.parse({ contactId, name: "Ada Lovelace", email });
    const { prospect } = await registerProspect(input, { browserId });
    const stamped = await db().prospect.findUniqueOrThrow({ where: { id: prospect.id } });
    expect(stamped.experimentVariants).toEqual({ [experiment.key]: variant });

    // A key already on the lead is kept; a new experiment's key is added.
    const other = variant === "free" ? "paid" : "free";
    await db().prospect.update({
      where: { id: prospect.id },
      data: { experimentVariants: { [experiment.key]: other } },
    });
    await registerProspect(input, { browserId });
    expect((await db().prospect.findUniqueOrThrow({ where: { id: prospect.id } })).experimentVariants).toEqual({
      [experiment.key]: other,
    });

    const order = createPaymentIntentSchema.parse({
      contactId,
      email,
      name: "Ada Lovelace",
      productId: "fast-forward-book",
      quantity: 1,
    });
    const intent = await createPaymentIntent(order, { browserId });
    const row = await db().order.findUniqueOrThrow({ where: { id: intent.transactionId } });
    expect(row.experimentVariants).toEqual({ [experiment.key]: variant });

    // A browser never exposed gets an empty stamp.
    const stranger = randomUUID();
    const strangerContact = randomUUID();
    const { prospect: lead } = await registerProspect(
      registerSchema.parse({
        contactId: strangerContact,
        name: "Alan Turing",
        email: `s-${strangerContact}@example.com`,
      }),
      { browserId: stranger },
    );
    expect((await db().prospect.findUniqueOrThrow({ where: { id: lead.id } })).experimentVariants).toEqual({});
    await stopExperiment(experiment.id, null);
  });
});

describe("the landing's variant and browser id before the first render (proxy.ts)", () => {
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    withPageSecurity(new NextRequest(`http://localhost:3000${path}`, { method, headers }));
  const mintedId = (response: Response) => {
    const setCookie = response.headers.get("set-cookie") ?? "";
    const raw = setCookie.startsWith(`${browserCookieName()}=`)
      ? setCookie.slice(browserCookieName().length + 1).split(";")[0]
      : "";
    return browserIdFromCookieValue(decodeURIComponent(raw ?? ""));
  };
  const rewrittenTo = (response: Response) => {
    const target = response.headers.get("x-middleware-rewrite");
    return target ? new URL(target).pathname : null;
  };
  const OFFER_SPLIT: VariantWeight[] = [
    { key: "countdown", weight: 50 },
    { key: "team", weight: 50 },
  ];

  it("while a test runs: mints the id for a person's first GET of / and the offer; / shows and records their variant, privately", async () => {
    const landing = await startExperiment("landing", FIFTY_FIFTY);
    const offer = await startExperiment("offer", OFFER_SPLIT);
    for (const path of ["/", "/oto-realtime-ai-academy"]) {
      const response = await get(path, { "user-agent": CHROME, cookie: "theme=dark; ff_browser=forged.value" });
      const browserId = mintedId(response);
      expect(browserId).toMatch(/^[0-9a-f-]{36}$/);
      // What server components read as the request's cookies: ours replaced, the others kept.
      const forwarded = response.headers.get("x-middleware-request-cookie") ?? "";
      expect(forwarded).toContain("theme=dark");
      expect(forwarded).not.toContain("forged.value");
      expect(forwarded).toContain(browserCookieHeader(browserId!).split(";")[0]);
      // The offer renders per request with a fresh nonce; / is a cached page, whose policy comes
      // with its cached copy (docs/decisions/0013).
      if (path !== "/") expect(response.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
      else expect(response.headers.get("content-security-policy")).toBeNull();
      if (path !== "/") continue;
      // The variant's cached page, the one exposure recorded, and no CDN may keep the answer.
      const variant = assignVariant(landing.key, browserId!, FIFTY_FIFTY);
      expect(rewrittenTo(response)).toBe(`/landing/${variant}`);
      expect((await exposures(landing.id, browserId!)).map((r) => r.variant)).toEqual([variant]);
      expect(response.headers.get("cache-control")).toBe("private, no-store, max-age=0");
      // The returning browser keeps its variant and the same cached page.
      const again = await get("/", { "user-agent": CHROME, cookie: browserCookieHeader(browserId!).split(";")[0]! });
      expect(rewrittenTo(again)).toBe(`/landing/${variant}`);
      expect(mintedId(again)).toBeNull();
    }

    const valid = browserCookieHeader(randomUUID()).split(";")[0]!;
    const cases: [string, Record<string, string>, string][] = [
      ["/", { "user-agent": GOOGLEBOT }, "GET"],
      ["/", {}, "GET"],
      ["/", { "user-agent": CHROME, "next-router-prefetch": "1" }, "GET"],
      ["/", { "user-agent": CHROME, "sec-purpose": "prefetch;prerender" }, "GET"],
      ["/paid", { "user-agent": CHROME }, "GET"],
      ["/", { "user-agent": CHROME }, "HEAD"],
      ["/", { "user-agent": CHROME, cookie: valid }, "GET"],
    ];
    for (const [path, headers, method] of cases) {
      const response = await get(path, headers, method);
      expect(response.headers.get("set-cookie"), `${method} ${path} ${JSON.stringify(headers)}`).toBeNull();
    }
    // A bot sees the default and records nothing.
    expect(rewrittenTo(await get("/", { "user-agent": GOOGLEBOT }))).toBe("/landing/free");
    await stopExperiment(landing.id, null);
    await stopExperiment(offer.id, null);
  });

  it("with no test running: / mints nothing and is public, and a rollout decides for everyone", async () => {
    const landing = await startExperiment("landing", FIFTY_FIFTY);
    await stopExperiment(landing.id, "paid");
    for (const path of ["/", "/oto-realtime-ai-academy"]) {
      const response = await get(path, { "user-agent": CHROME });
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
    const response = await get("/", { "user-agent": CHROME });
    expect(rewrittenTo(response)).toBe("/landing/paid");
    expect(response.headers.get("cache-control")).toBe("public, s-maxage=300, stale-while-revalidate=3600");
    // Everyone gets the same cached page.
    expect(rewrittenTo(await get("/", { "user-agent": GOOGLEBOT }))).toBe("/landing/paid");
    // The variants' own addresses are internal.
    expect(rewrittenTo(await get("/landing/paid", { "user-agent": CHROME }))).toBe("/landing");
    await db().experiment.delete({ where: { id: landing.id } });
  });
});

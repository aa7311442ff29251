import type { Page, Response } from "@playwright/test";
import { expect, test } from "./test";
import { PAGE_ROUTES } from "./helpers/app-routes";

// No console code ships on public pages. Every public page (every app/**/page.tsx
// outside /admin, the funnel's included, and the 404 page) is loaded and every script it fetches
// is read; none may contain a marker of the console's client code, @simplewebauthn, better-auth
// or uPlot. The console's own pages are read first to prove the markers are really found where
// that code is. Also reports the public pages' JavaScript bytes. The bundle is the same at every
// width, so only the desktop project runs this.

const ADMIN_MARKERS = [
  "/api/admin/operators", // components/console/invite-operator-form.tsx
  "/passkey/verify-authentication", // lib/operators/client/passkeys.ts
  "/two-factor/verify-totp", // lib/operators/client/two-factor.ts
  "Use a passkey", // components/console/sign-in-form.tsx
  "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED", // @simplewebauthn/browser
];
// Not in the console's client bundle today either (better-auth is server-only; uPlot may come
// with the overview charts): if they ever ship, it must not be to public pages.
const OTHER_MARKERS = ["better-auth", "BetterAuth", "uplot", "u-legend"];

type Scripts = Map<string, string>;

/** Loads `path` and returns every script it fetched (URL → text), until the network is quiet. */
async function scriptsOf(page: Page, path: string, into: Scripts): Promise<string[]> {
  const urls = new Set<string>();
  const pending: Promise<void>[] = [];
  let lastScriptAt = Date.now();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    lastScriptAt = Date.now();
    const url = response.url();
    urls.add(url);
    if (!into.has(url))
      pending.push(
        response
          .text()
          .then((text) => void into.set(url, text))
          .catch(() => undefined),
      );
  };
  page.on("response", onResponse);
  await page.goto(path);
  // Lazy chunks load right after hydration; "networkidle" never comes on a loaded machine with
  // pages that keep a request open, so wait until no script has arrived for a second.
  await page.waitForLoadState("load");
  await expect.poll(() => Date.now() - lastScriptAt, { timeout: 15_000 }).toBeGreaterThan(1000);
  page.off("response", onResponse);
  await Promise.all(pending);
  return [...urls];
}

test("public pages load no console code; their JavaScript is measured", async ({ page, consoleOperator }, testInfo) => {
  test.setTimeout(400_000);

  const scripts: Scripts = new Map();
  await consoleOperator.signIn(page);
  const adminUrls = new Set<string>();
  for (const path of ["/admin/operators", "/admin/audit", "/admin"]) {
    for (const url of await scriptsOf(page, path, scripts)) adminUrls.add(url);
  }
  await page.context().clearCookies();
  for (const url of await scriptsOf(page, "/admin/sign-in", scripts)) adminUrls.add(url);
  const adminText = [...adminUrls].map((url) => scripts.get(url) ?? "").join("\n");
  for (const marker of ADMIN_MARKERS) expect(adminText, `console chunks contain ${marker}`).toContain(marker);

  const publicRoutes = PAGE_ROUTES.filter((route) => route !== "/admin" && !route.startsWith("/admin/"));
  expect(publicRoutes.length).toBeGreaterThan(5);
  const publicUrls = new Set<string>();
  const perRoute: Record<string, number> = {};
  for (const route of publicRoutes) {
    const urls = await scriptsOf(page, route, scripts);
    perRoute[route] = urls.reduce((sum, url) => sum + Buffer.byteLength(scripts.get(url) ?? ""), 0);
    for (const url of urls) {
      publicUrls.add(url);
      const text = scripts.get(url) ?? "";
      for (const marker of [...ADMIN_MARKERS, ...OTHER_MARKERS]) {
        expect(text.includes(marker), `${route} loads ${url}, which contains ${marker}`).toBe(false);
      }
    }
  }
  const total = [...publicUrls].reduce((sum, url) => sum + Buffer.byteLength(scripts.get(url) ?? ""), 0);
  const report = { uniqueScripts: publicUrls.size, totalBytes: total, perRoute };
  console.log(`[public-bundle] ${JSON.stringify(report)}`);
  await testInfo.attach("public-js.json", { body: JSON.stringify(report, null, 2), contentType: "application/json" });
});

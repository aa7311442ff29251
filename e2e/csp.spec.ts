import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { expectNoCspViolations, watchCsp } from "./helpers/csp-violations";
import { answerAsNonOwner, openOptIn, submitOptIn, uniqueEmail } from "./helpers/opt-in";
import { routeStripeToDoubles } from "./helpers/stripe-double-routes";
import { STRIPE_MODE_URL, TEST_PURCHASES_URL } from "./ports";
import { bookSlot, freeSlotStart, slotIndex } from "./helpers/booking";
import { registerVisitor } from "./helpers/funnel";
import { declineOffers, fillCard } from "./helpers/checkout";

// The Content-Security-Policy as a visitor's browser enforces it: the whole funnel walked under
// the policy with 0 violations reported (desktop and mobile projects: a phone loads other images
// and layouts), injected scripts blocked on a cached page, a fresh nonce per per-visitor page, and
// on a cached page a policy naming the hashes of exactly the scripts the browser parses in it
// (docs/decisions/0013).

async function bookingDouble(page: Page) {
  // BOOKING_URL of the test-purchases server (playwright.config.ts); the widget double posts the
  // booked event the way Calendly's inline widget does.
  await page.route("https://calendly.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang=en><title>Booking</title><button id=book>Confirm booking</button><script>
        document.getElementById("book").onclick = () => parent.postMessage({ event: "calendly.event_scheduled",
          payload: { event: { uri: "https://api.calendly.com/scheduled_events/CSP${Date.now()}" },
                     invitee: { uri: "https://api.calendly.com/scheduled_events/CSP/invitees/1" } } }, "*");
      </script></html>`,
    }),
  );
}

test(
  "landing → opt-in → survey → one-time offer → checkout with the demo card → success: 0 CSP violations",
  { tag: "@viewport" },
  async ({ page }) => {
    const csp = await watchCsp(page);
    await openOptIn(page, "/?utm_source=e2e&utm_campaign=csp");
    await submitOptIn(page, "Grace Hopper", uniqueEmail("csp"));
    await (await answerAsNonOwner(page)).getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("dialog", { name: "Your Free Copy Is Ready!" })
      .getByRole("button", { name: "Continue" })
      .click();

    await expect(page).toHaveURL(/\/oto-realtime-ai-academy$/);
    await expect(page.getByRole("timer")).toBeVisible();
    // The offer's button celebrates with canvas-confetti (a Blob worker) before leaving.
    await page.getByRole("button", { name: "Yes! Give Me AI Step By Step For $497" }).first().click();
    await expect(page).toHaveURL(/\/checkout\?product=ai-step-by-step$/);
    await expect(page.getByLabel("Email")).toHaveValue(/@example\.com$/);
    await fillCard(page);
    await page.getByRole("button", { name: "Complete Purchase" }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await page.getByRole("link", { name: "Continue to Contract Setup" }).click();
    await expect(page.getByText("Hand-off token verified.")).toBeVisible();
    expectNoCspViolations(csp);
  },
);

test(
  "VIP and strategy-call paths: qualified owner → /vip-detected → phone consent → built-in calendar → booked; video → phone modal: 0 CSP violations",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    const csp = await watchCsp(page);
    await openOptIn(page);
    await submitOptIn(page, "Ada Lovelace", uniqueEmail("csp-vip"));
    await page
      .getByRole("dialog", { name: "Quick Question" })
      .getByRole("button", { name: "Yes", exact: true })
      .click();
    const question = (n: number) => page.getByRole("dialog", { name: `Question ${n}/5` });
    await question(1).getByRole("button", { name: "This week." }).click();
    await question(2).getByRole("button", { name: "Yes", exact: true }).click();
    await question(3).getByRole("button", { name: "Yes", exact: true }).click();
    await question(4).getByRole("button", { name: "Continue" }).click();
    await question(5).getByRole("button", { name: "Around $1 Million-$10 Million/year" }).click();
    await expect(page).toHaveURL(/\/vip-detected$/);

    await page.getByRole("link", { name: "Schedule Your Discovery Session" }).click();
    await expect(page).toHaveURL(/\/schedule-call$/);
    // No phone number on record yet: the consent step comes first, inline, then the calendar.
    await page.getByLabel("Mobile phone number").fill("(415) 555-0141");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Continue to pick a time" }).click();
    await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeVisible();
    await bookSlot(page, await freeSlotStart(page, slotIndex(testInfo, 5)));

    // The team variant plays VIDEO_URL; the strategy-call page plays it too, then the phone modal.
    await page.goto("/oto-realtime-ai-academy?variant=team");
    await expect(page.locator("video")).toBeVisible();
    await page.goto("/strategy-call");
    await page.getByRole("button", { name: "Schedule a free AI strategy call" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule your free AI strategy call" });
    await dialog.getByLabel("Mobile phone number").fill("(415) 555-0142");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Continue to pick a time" }).click();
    await expect(page).toHaveURL(/\/schedule-call$/);
    await expect(page.getByRole("heading", { name: "You have a call booked" })).toBeVisible();
    expectNoCspViolations(csp);
  },
);

test.describe("with BOOKING_URL", () => {
  test.use({ baseURL: TEST_PURCHASES_URL });

  test(
    "the Calendly-style widget's frame loads and reports a booking: 0 CSP violations",
    { tag: "@viewport" },
    async ({ page }) => {
      const csp = await watchCsp(page);
      await bookingDouble(page);
      await registerVisitor(page);
      await page.goto("/schedule-call");
      const frame = page.frameLocator('iframe[title="Pick a time for your free AI strategy call"]');
      const recorded = page.waitForResponse((response) => response.url().endsWith("/api/scheduled-call"));
      await frame.getByRole("button").click();
      // The server's answer, so a refusal names its reason instead of a missing "You're booked!".
      const answer = await recorded;
      expect(answer.status(), await answer.text()).toBe(201);
      await expect(page.getByText("You're booked!")).toBeVisible();
      expectNoCspViolations(csp);
    },
  );
});

test("/paid loads and opens its look-inside modal with 0 CSP violations", { tag: "@viewport" }, async ({ page }) => {
  const csp = await watchCsp(page);
  await page.goto("/paid");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page
    .getByRole("button", { name: /look inside/i })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expectNoCspViolations(csp);
});

test("an inline script and a build chunk injected into a cached page are blocked and reported", async ({ page }) => {
  const csp = await watchCsp(page);
  // What a reflected injection would look like: markup the server did not mean to send. The chunk
  // is the page's own build file, from its own origin, without the integrity the policy names.
  await page.route(/\/privacy$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const chunk = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(body)?.[1];
    expect(chunk).toBeTruthy();
    const injected = `<script>window.__injected = true</script><script src="${chunk}?injected"></script>`;
    await route.fulfill({ response, body: body.replace("</body>", `${injected}</body>`) });
  });
  await page.goto("/privacy");
  expect(await page.evaluate(() => "__injected" in window)).toBe(false);
  await expect
    .poll(() => csp.violations.map((v) => `${v.directive} ${v.blocked}`).sort())
    .toEqual([expect.stringMatching(/^script-src-elem http:.*\.js\?injected$/), "script-src-elem inline"]);
  // The page's own scripts still ran: React hydrated it (page.goto waited for that).
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

/** The sha256 sources of the scripts a browser would run in `html`, parsed by the browser itself. */
async function hashesOfScripts(page: Page, html: string): Promise<string[]> {
  return page.evaluate(async (source) => {
    const runs = (type: string) => ["", "text/javascript", "module"].includes(type.trim().toLowerCase());
    const document = new DOMParser().parseFromString(source, "text/html");
    const hashes = new Set<string>();
    for (const script of document.querySelectorAll("script")) {
      if (!runs(script.type)) continue;
      if (script.src) {
        hashes.add(script.integrity);
        continue;
      }
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script.textContent ?? ""));
      hashes.add(`sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`);
    }
    return [...hashes].sort();
  }, html);
}

test("a per-visitor page gets a fresh nonce per answer; a cached page no nonce, but the hashes of exactly its scripts; JSON answers the minimal policy", async ({
  page,
}) => {
  const policyOf = (headers: Record<string, string>) => {
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self'");
    return policy;
  };
  const nonceOf = async (path: string) => {
    const response = await page.request.get(path);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policyOf(response.headers()))?.[1] ?? "";
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    // The page's scripts carry the header's nonce (the browser tests above show they run).
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    return nonce;
  };
  // Rendered per request (it reads the visitor's cookie): a new nonce each time.
  const first = await nonceOf("/vip-detected");
  expect(await nonceOf("/vip-detected")).not.toBe(first);

  // Served from Next.js's cache: no nonce, and a policy that allows the scripts of the HTML it came
  // with, as this browser parses them, and nothing else (other tests may revalidate between loads).
  for (const path of ["/privacy", "/", "/checkout-realtime-academy"]) {
    for (let load = 0; load < 2; load++) {
      const answer = await page.goto(path);
      const policy = policyOf(answer!.headers());
      expect(policy, path).not.toContain("'nonce-");
      const html = await answer!.text();
      expect(html, path).not.toMatch(/<[^>]+\snonce=/);
      const sources = /script-src ([^;]*)/.exec(policy)![1]!.split(" ");
      const hashes = sources.filter((s) => s.startsWith("'sha256-")).map((s) => s.slice(1, -1));
      expect(hashes.length, path).toBeGreaterThan(3);
      expect(hashes.sort(), path).toEqual(await hashesOfScripts(page, html));
    }
  }

  const api = await page.request.get("/api/health");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  // http://localhost: no HSTS (it is sent only when SITE_URL is https).
  expect(api.headers()["strict-transport-security"]).toBeUndefined();
});

test.describe("Stripe mode", () => {
  test.use({ baseURL: STRIPE_MODE_URL });

  test(
    "the book's Payment Element checkout, Stripe.js included, runs with 0 CSP violations",
    { tag: "@viewport" },
    async ({ page }) => {
      await routeStripeToDoubles(page);
      const csp = await watchCsp(page);
      await page.goto("/checkout?product=fast-forward-book");
      await page.getByLabel("Email").fill(uniqueEmail("csp-stripe"));
      await page.getByLabel("Full name").fill("Ada Lovelace");
      await page.getByLabel("Stripe test card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Complete Purchase" }).click();
      await declineOffers(page);
      await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
      expectNoCspViolations(csp);
    },
  );
});

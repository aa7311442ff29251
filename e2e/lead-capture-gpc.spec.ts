import { expect, test } from "./test";
import { eventsFor, query } from "./helpers/funnel";
import { openOptIn, sessionIdOf, submitOptIn, uniqueEmail } from "./helpers/opt-in";

// Global Privacy Control: the session is marked opted out, first-party funnel events are still
// stored, and not a single request leaves this site.

test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });

test("a GPC visitor is marked opted out and the walk sends no third-party request", async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });
  });
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:", "about:"].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });

  await openOptIn(page);
  expect(
    await page.evaluate(() => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl),
  ).toBe(true);
  await submitOptIn(page, "Tim Berners-Lee", uniqueEmail("gpc"));
  await page.getByRole("dialog", { name: "Quick Question" }).getByRole("button", { name: "No", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Question 1/4" })
    .getByRole("button", { name: "I use AI tools every week." })
    .click();
  await page.getByRole("dialog", { name: "Question 2/4" }).getByRole("button", { name: "Financial freedom." }).click();
  await page.getByRole("dialog", { name: "Question 3/4" }).getByRole("button", { name: "I'm not sure yet" }).click();
  await page.getByRole("dialog", { name: "Question 4/4" }).getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("dialog", { name: "Your Free Copy Is Ready!" })
    .getByRole("button", { name: "Continue" })
    .click();
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy$/);
  await page.waitForLoadState("networkidle");

  const sessionId = await sessionIdOf(page);
  await expect
    .poll(
      async () =>
        (await query<{ gpc_opt_out: boolean }>("SELECT gpc_opt_out FROM funnel_sessions WHERE id = $1", [sessionId]))[0]
          ?.gpc_opt_out,
    )
    .toBe(true);
  await expect
    .poll(async () => (await eventsFor(sessionId)).map((e) => e.step), { timeout: 10_000 })
    .toEqual([1, 2, 3, 4, 5]);
  expect(foreign).toEqual([]);
});

import { randomUUID } from "node:crypto";
import { expect, test, waitForHydration } from "./test";
import { seriousViolations, WCAG_A_AA } from "./helpers/axe";
import { watchCsp } from "./helpers/csp-violations";
import { enqueueMarketingMail, settledMail } from "./helpers/marketing-mail";

// A person opens a marketing e-mail from the outbox, follows its unsubscribe
// link, confirms on the page and is told they are unsubscribed; a reload still says so, and the
// next marketing e-mail to them is never sent. Every state of the page passes axe (WCAG 2 A/AA,
// nothing serious) and breaks no Content-Security-Policy rule, at both widths.

test(
  "unsubscribing from the link at the bottom of a marketing e-mail",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    const to = `e2e-unsubscribe-${testInfo.project.name}-${randomUUID()}@example.com`;
    const csp = await watchCsp(page);
    const mail = await settledMail(enqueueMarketingMail(to));
    expect(mail.status).toBe("LOGGED");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["List-Unsubscribe"]).toContain("/unsubscribe?token=");

    // The e-mail as a mail client shows it; its footer link leads to the site.
    await page.setContent(mail.html);
    await expect(page.getByText("Fast Forward Media LLC, 1209 Orange Street")).toBeVisible();
    await page.getByRole("link", { name: "Unsubscribe" }).click();
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Unsubscribe from marketing e-mails" })).toBeVisible();
    await expect(
      page.getByText("E-mails about your orders, your account and calls you booked still reach you."),
    ).toBeVisible();
    expect(await seriousViolations(page, WCAG_A_AA), "confirmation").toEqual([]);

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
    expect(await seriousViolations(page, WCAG_A_AA), "unsubscribed").toEqual([]);
    expect(csp.violations).toEqual([]);

    // The next marketing e-mail to this address is held back.
    expect((await settledMail(enqueueMarketingMail(to.toUpperCase()))).status).toBe("SUPPRESSED");
  },
);

test("a broken or cut-off unsubscribe link gets a clear page", { tag: "@viewport" }, async ({ page }) => {
  for (const address of ["/unsubscribe?token=not-a-token", "/unsubscribe", "/unsubscribe?token=a.b.c&token=x"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
    await expect(page.getByRole("heading", { name: "This unsubscribe link does not work" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "support@fastforward.example" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  }
  expect(await seriousViolations(page, WCAG_A_AA), "invalid link").toEqual([]);
});

// Through the real HTTP front and proxy.ts's rewrite: a mail provider's one-click POST, cross-site
// and cookieless, to the very URL in the List-Unsubscribe header.
test("a mail provider's one-click POST to the List-Unsubscribe URL", async ({ request }, testInfo) => {
  const to = `e2e-one-click-${testInfo.project.name}-${randomUUID()}@example.com`;
  const mail = await settledMail(enqueueMarketingMail(to));
  const url = /<(http[^>]+)>/.exec(mail.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
  expect(url).toMatch(/\/unsubscribe\?token=/);
  const response = await request.post(url, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { Origin: "https://mail.google.com", "Sec-Fetch-Site": "cross-site" },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("unsubscribed");
  expect(response.headers()["set-cookie"]).toBeUndefined();
  expect((await settledMail(enqueueMarketingMail(to))).status).toBe("SUPPRESSED");
  const bad = await request.post(url.replace(/token=.*/, "token=garbage"), {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(bad.status()).toBe(400);
});

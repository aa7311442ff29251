import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./test";
import { query, registerVisitor } from "./helpers/funnel";
import { shot } from "./helpers/screenshots";
import {
  bookingMails,
  bookSlot,
  freeSlotStart,
  giveConsent,
  manageLinkIn,
  pickSlot,
  slotButton,
  slotIndex,
} from "./helpers/booking";

// The built-in booking calendar, the local default: the product's phone → consent
// → inline booking → booked event, in the visitor's own time zone, with funnel step 7 and the
// invitation e-mail stored by the server; the manage link's move and cancel; two visitors racing
// for one slot; a visitor the server does not know yet, by keyboard alone. Tagged @viewport: the
// slot buttons' size and the days' layout, which the phone changes.

/** Presses Tab until the element matching `selector` has focus (at most 60 times). */
async function tabUntil(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

const KOLKATA = /^Asia\/(Kolkata|Calcutta)$/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("in a far time zone", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test(
    "phone + consent → a slot in the visitor's zone → booked: step 7 and the e-mail with its .ics stored; a reload shows the call",
    { tag: "@viewport" },
    async ({ page }, testInfo) => {
      const visitor = await registerVisitor(page);
      await giveConsent(page);
      // Chromium names the zone by its older IANA name, Asia/Calcutta; both are the same zone.
      await expect(
        page.getByText(/^Times are shown in India Standard Time \(Asia\/(Kolkata|Calcutta)\)\.$/),
      ).toBeVisible();
      const start = await freeSlotStart(page, slotIndex(testInfo, 20));
      const button = await slotButton(page, start);
      // A real touch target on both projects.
      const box = await button.evaluate(
        (el) => el.getBoundingClientRect().toJSON() as { width: number; height: number },
      );
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(88);

      const label = await pickSlot(page, start);
      await expect(page.getByText(new RegExp(`^${escape(label)} – \\d{1,2}:\\d\\d [AP]M$`))).toBeVisible();
      await page.getByRole("button", { name: "Confirm booking" }).click();
      const booked = page.getByRole("status");
      await expect(booked.getByRole("heading", { name: "You're booked!" })).toBeFocused();
      await expect(booked).toContainText(label);
      await expect(booked).toContainText(/India Standard Time \(Asia\/(Kolkata|Calcutta)\)/);
      await expect(booked).toContainText("Check your e-mail");

      const [booking] = await query<{ id: string; starts_at: Date; visitor_timezone: string; status: string }>(
        "SELECT id, starts_at, visitor_timezone, status FROM bookings WHERE session_id = $1",
        [visitor.contactId],
      );
      expect(booking).toMatchObject({ visitor_timezone: expect.stringMatching(KOLKATA), status: "BOOKED" });
      expect(booking!.starts_at.toISOString()).toBe(start);
      const events = await query<{ step: number; action: string; data: unknown }>(
        "SELECT step, action, data FROM funnel_events WHERE session_id = $1 AND step = 7",
        [visitor.contactId],
      );
      expect(events).toEqual([{ step: 7, action: "booking_scheduled", data: { eventId: booking!.id } }]);
      const calls = await query<{ event_type: string; user_timezone: string }>(
        "SELECT event_type, user_timezone FROM scheduled_calls WHERE event_id = $1",
        [booking!.id],
      );
      expect(calls).toEqual([{ event_type: "AI Strategy Call", user_timezone: booking!.visitor_timezone }]);

      const [mail] = await bookingMails(visitor.email, 1);
      expect(mail!.template).toBe("booking-confirmed");
      expect(mail!.subject).toContain(label);
      expect(mail!.text).toContain(`Time zone: ${booking!.visitor_timezone} (India Standard Time)`);
      expect(manageLinkIn(mail!)).toMatch(/^\/schedule-call\/manage\?token=/);
      const ics = mail!.attachments[0]!;
      expect(ics.filename).toBe("invite.ics");
      expect(ics.content).toContain("METHOD:REQUEST");
      expect(ics.content).toContain(`UID:${booking!.id}`);
      expect(ics.content).toContain(`DTSTART:${start.replace(/[-:]/g, "").replace(".000", "")}`);

      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "You have a call booked" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(label);
    },
  );
});

test("the manage link moves the call, then cancels it, each with its calendar update", async ({ page }, testInfo) => {
  const visitor = await registerVisitor(page);
  await giveConsent(page);
  const first = await bookSlot(page, await freeSlotStart(page, slotIndex(testInfo, 40)));
  const link = manageLinkIn((await bookingMails(visitor.email, 1))[0]!);

  const response = await page.goto(link);
  // The token is in the address: no Referer anywhere, never cached, never indexed.
  const headers = response!.headers();
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute("content"))).toBe(
    "noindex, nofollow",
  );
  await expect(page.getByRole("heading", { name: "Your call", exact: true })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(first);
  await page.getByRole("button", { name: "Move to another time" }).click();
  await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeFocused();
  const target = await freeSlotStart(page, slotIndex(testInfo, 60));
  const second = await pickSlot(page, target);
  await page.getByRole("button", { name: "Move my call" }).click();
  await expect(page.getByRole("heading", { name: "Your call has moved" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(second);

  const moved = (await bookingMails(visitor.email, 2))[1]!;
  expect(moved.template).toBe("booking-moved");
  expect(moved.attachments[0]!.content).toContain("SEQUENCE:1");
  const [row] = await query<{ starts_at: Date }>("SELECT starts_at FROM bookings WHERE session_id = $1", [
    visitor.contactId,
  ]);
  expect(row!.starts_at.toISOString()).toBe(target);

  await page.goto(link);
  await expect(page.getByRole("main")).toContainText(second);
  await page.getByRole("button", { name: "Cancel this call" }).click();
  await expect(page.getByRole("heading", { name: "Cancel this call?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, cancel the call" }).click();
  await expect(page.getByRole("heading", { name: "Your call is cancelled" })).toBeVisible();
  const canceled = (await bookingMails(visitor.email, 3))[2]!;
  expect(canceled.template).toBe("booking-canceled");
  expect(canceled.attachments[0]!.content).toContain("METHOD:CANCEL");
  expect(canceled.attachments[0]!.content).toContain("SEQUENCE:2");
  const [call] = await query<{ canceled_at: Date | null }>(
    "SELECT canceled_at FROM scheduled_calls WHERE session_id = $1",
    [visitor.contactId],
  );
  expect(call!.canceled_at).toBeInstanceOf(Date);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This call was cancelled" })).toBeVisible();
  await page.getByRole("link", { name: "Book a new time" }).click();
  await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeVisible();
  await expect(await slotButton(page, target)).toBeVisible(); // the cancelled time is free again
});

test("two visitors racing for one slot: one is booked, the other is told and picks again", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  const rival = await context.newPage();
  try {
    // The fixture's page.goto waits for hydration (e2e/test.ts); the rival's does too.
    const goto = rival.goto.bind(rival);
    rival.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForHydration(rival);
      return response;
    };
    const pages: Page[] = [page, rival];
    for (const [i, p] of pages.entries()) {
      await registerVisitor(p, `Racer ${i + 1}`);
      await giveConsent(p, `(415) 555-01${60 + i}`);
    }
    const start = await freeSlotStart(page, slotIndex(testInfo, 80));
    for (const p of pages) await pickSlot(p, start);
    await Promise.all(pages.map((p) => p.getByRole("button", { name: "Confirm booking" }).click()));

    const outcome = async (p: Page) => {
      const booked = p.getByRole("heading", { name: "You're booked!" });
      const refused = p.getByRole("alert").filter({ hasText: "That time was just booked by someone else." });
      await expect(booked.or(refused)).toBeVisible();
      return (await booked.count()) ? "booked" : "refused";
    };
    const outcomes = [await outcome(page), await outcome(rival)];
    expect([...outcomes].sort()).toEqual(["booked", "refused"]);
    const loser = outcomes[0] === "refused" ? page : rival;
    await expect(loser.getByRole("alert").filter({ hasText: "booked by someone else" })).toHaveText(
      "That time was just booked by someone else. Please pick another time.",
    );
    // Back at the list, which no longer offers the taken time.
    await expect(loser.getByRole("heading", { name: "Pick a day and time" })).toBeFocused();
    await expect(loser.locator(`button[data-start="${start}"]`)).toHaveCount(0);
    const rows = await query("SELECT id FROM bookings WHERE starts_at = $1 AND status = 'BOOKED'", [start]);
    expect(rows).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test("by keyboard alone, a visitor the server does not know yet gives a number, a name and an e-mail, and books", async ({
  page,
}, testInfo) => {
  await page.goto("/schedule-call");
  await expect(page.getByRole("heading", { name: "First, your mobile number" })).toBeVisible();
  await page.getByLabel("Mobile phone number").focus();
  await page.keyboard.type("(415) 555-0190");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox")).toBeChecked();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter"); // submits from the phone field
  await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeVisible();

  const start = await freeSlotStart(page, slotIndex(testInfo, 100));
  const dayKey = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso)),
    start,
  );
  // From the time zone picker, Tab to the slot's day, press it, then Tab on to the slot.
  await page.getByLabel("Your time zone").focus();
  await tabUntil(page, `button[data-day="${dayKey}"]`);
  await page.keyboard.press("Enter");
  await expect(page.locator(`button[data-day="${dayKey}"]`)).toHaveAttribute("aria-pressed", "true");
  await tabUntil(page, `button[data-start="${start}"]`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Confirm your call" })).toBeFocused();
  const email = `keys-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Katherine Johnson");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "You're booked!" })).toBeFocused();

  const rows = await query<{ first_name: string }>(
    "SELECT p.first_name FROM bookings b JOIN prospects p ON p.id = b.prospect_id WHERE p.email = $1",
    [email],
  );
  expect(rows).toEqual([{ first_name: "Katherine" }]);
  expect((await bookingMails(email, 1))[0]!.template).toBe("booking-confirmed");
});

test(
  "the days fit one screen: on a phone one scrolling row, every time on one line, the first times in view",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    await registerVisitor(page);
    await giveConsent(page);
    const days = page.getByRole("group", { name: "Days with free times" });
    const dayButtons = days.getByRole("button");
    await dayButtons.nth(1).click();
    await expect(dayButtons.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(dayButtons.nth(0)).toHaveAttribute("aria-pressed", "false");
    const times = page.locator("button[data-start]");
    await expect(times.first()).toBeVisible();

    // Every time's text is one line box: "4:30 PM" never breaks before "PM".
    const lines = await times.evaluateAll((buttons) =>
      buttons.map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const rows = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return { text: button.textContent, rows: rows.size, height: button.getBoundingClientRect().height };
      }),
    );
    for (const line of lines) {
      expect(line.rows, line.text ?? "").toBe(1);
      expect(line.height, line.text ?? "").toBeLessThan(50); // min-h-11 (44 px) holds one line
    }
    // The first time is on the first screen (measured from the top of the page, not scrolled).
    const firstBottom = await times.first().evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    expect(firstBottom).toBeLessThanOrEqual(page.viewportSize()!.height);

    if (testInfo.project.name === "mobile") {
      // One row of days, scrolled sideways; the last day is a Tab stop that scrolls into view.
      const rowHeight = (await days.boundingBox())!.height;
      const dayHeight = (await dayButtons.first().boundingBox())!.height;
      expect(rowHeight).toBeLessThan(dayHeight * 1.6);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
      const last = dayButtons.last();
      await last.focus();
      await page.keyboard.press("Enter");
      await expect(last).toHaveAttribute("aria-pressed", "true");
      await expect(last).toBeInViewport();
    }
    await shot(page, `calendar-${testInfo.project.name}`, { fullPage: false });
  },
);

import { expect, type Page, type TestInfo } from "@playwright/test";
import { query } from "./funnel";
import { outboxTo, type OpenedMail } from "./outbox";
import { pollUntil } from "./poll";

// The built-in booking calendar in the browser: phone consent through the video page's modal,
// a free slot chosen by its instant (so tests running side by side never pick the same one), and
// the outbox rows a booking leaves.

/** A free slot of its own for each test and project: `base` apart per test, +1 on mobile. */
export function slotIndex(testInfo: TestInfo, base: number): number {
  return base + (testInfo.project.name === "mobile" ? 1 : 0);
}

export async function giveConsent(page: Page, phone = "(415) 555-0142"): Promise<void> {
  await page.goto("/strategy-call");
  await page.getByRole("button", { name: "Schedule a free AI strategy call" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule your free AI strategy call" });
  await dialog.getByLabel("Mobile phone number").fill(phone);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Continue to pick a time" }).click();
  await expect(page).toHaveURL(/\/schedule-call$/);
  await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeVisible();
}

/** The start (ISO) of the n-th free slot the server lists now. */
export async function freeSlotStart(page: Page, n: number): Promise<string> {
  const response = await page.request.get("/api/booking/slots");
  expect(response.status()).toBe(200);
  const { slots } = (await response.json()) as { slots: { start: string }[] };
  const start = slots[n]?.start;
  expect(start, `free slot #${n}`).toBeDefined();
  return start ?? "";
}

/** The slot's button, after pressing its day in the page's own time zone. */
export async function slotButton(page: Page, start: string) {
  const day = await page.evaluate((iso) => {
    const zone = document.querySelector("select")?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    return new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(iso));
  }, start);
  await page.locator(`button[data-day="${day}"]`).click();
  await expect(page.locator(`button[data-day="${day}"]`)).toHaveAttribute("aria-pressed", "true");
  return page.locator(`button[data-start="${start}"]`);
}

/** Picks the slot and returns its accessible name ("Tuesday 24 November, 7:30 PM"). */
export async function pickSlot(page: Page, start: string): Promise<string> {
  const button = await slotButton(page, start);
  const label = (await button.getAttribute("aria-label")) ?? "";
  expect(label).toMatch(/^\w+day \d{1,2} \w+, \d{1,2}:\d\d [AP]M$/);
  await button.click();
  await expect(page.getByRole("heading", { name: "Confirm your call" })).toBeFocused();
  return label;
}

export async function bookSlot(page: Page, start: string): Promise<string> {
  const label = await pickSlot(page, start);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { name: "You're booked!" })).toBeVisible();
  return label;
}

export type OutboxRow = OpenedMail;

/** The booking e-mails to `email`, oldest first, once delivered to the outbox (after the response). */
export async function bookingMails(email: string, count: number): Promise<OutboxRow[]> {
  await pollUntil(
    () =>
      query<{ status: string }>(
        "SELECT status FROM outgoing_emails WHERE recipient = $1 AND template LIKE 'booking-%'",
        [email],
      ),
    (mails) => expect(mails.filter((m) => m.status === "LOGGED")).toHaveLength(count),
  );
  return outboxTo(email).filter((mail) => mail.template.startsWith("booking-"));
}

/** The manage link of a booking e-mail, as a path on the server under test. */
export function manageLinkIn(mail: OutboxRow): string {
  const link = /http:\/\/localhost:\d+\/schedule-call\/manage\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, "manage link in the e-mail").toBeDefined();
  const url = new URL(link ?? "");
  return `${url.pathname}${url.search}`;
}

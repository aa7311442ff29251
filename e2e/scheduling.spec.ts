import { expect, test } from "./test";
import { query, queryOn, registerVisitor } from "./helpers/funnel";
import { TEST_PURCHASES_PORT, TEST_PURCHASES_URL } from "./ports";

// Phone consent, then the inline booking calendar. The default server has no BOOKING_URL and
// shows the built-in calendar (e2e/booking-calendar.spec.ts books on it); the Calendly-style
// widget runs on the test-purchases server, whose BOOKING_URL origin is answered by a local test
// double that speaks the widget's postMessage format. Nothing leaves the machine.

const WIDGET_ORIGIN = "https://calendly.test";

function bookedMessage(eventId: string) {
  return {
    event: "calendly.event_scheduled",
    payload: {
      event: { uri: `https://api.calendly.com/scheduled_events/${eventId}` },
      invitee: { uri: `https://api.calendly.com/scheduled_events/${eventId}/invitees/INV1` },
    },
  };
}

function postingPage(message: unknown, auto: boolean): string {
  const send = `parent.postMessage(${JSON.stringify(message)}, "*")`;
  return `<!doctype html><html><body><button id="book">Confirm booking</button><script>
    document.getElementById("book").onclick = () => ${send};
    ${auto ? send : ""}
  </script></body></html>`;
}

test("the phone modal requires a valid number and consent, stores the consent and moves on to booking", async ({
  page,
}) => {
  const visitor = await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy");
  await page.getByRole("link", { name: /schedule a free AI strategy call/ }).click();
  await expect(page).toHaveURL(/\/strategy-call$/);

  await page.getByRole("button", { name: "Schedule a free AI strategy call" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule your free AI strategy call" });
  await expect(dialog).toBeVisible();
  const phone = dialog.getByLabel("Mobile phone number");
  const consent = dialog.getByRole("checkbox");
  const submit = dialog.getByRole("button", { name: "Continue to pick a time" });
  await expect(consent).not.toBeChecked();
  await expect(submit).toBeDisabled();
  await expect(dialog).toContainText("I agree that Fast Forward Media LLC may call and text me");
  await expect(dialog.getByRole("link", { name: "SMS/Phone Opt-In Terms" })).toHaveAttribute(
    "href",
    "/sms-phone-terms",
  );

  await phone.fill("555-12");
  await expect(submit).toBeDisabled(); // consent still unchecked
  await consent.check();
  await submit.click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid phone number.");

  await phone.fill("(415) 555-0199");
  await consent.uncheck();
  await expect(submit).toBeDisabled();
  await consent.check();
  const tracked = page.waitForRequest(
    (r) => r.url().endsWith("/api/track-action") && (r.postData() ?? "").includes("phone_submit"),
  );
  await submit.click();
  await expect(page).toHaveURL(/\/schedule-call$/);
  expect(JSON.parse((await tracked).postData() ?? "{}")).toMatchObject({ step: 6, action: "phone_submit" });
  // The local default: the built-in calendar, straight to the slots (the consent is on record).
  await expect(page.getByRole("heading", { name: "Pick a day and time" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Days with free times" }).getByRole("button").first()).toBeVisible();

  const rows = await query<{ phone_e164: string; consent_text: string; consent_version: string; page_url: string }>(
    "SELECT phone_e164, consent_text, consent_version, page_url FROM phone_consents WHERE session_id = $1",
    [visitor.contactId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ phone_e164: "+14155550199" });
  expect(rows[0]!.consent_text).toContain("Fast Forward Media LLC");
  expect(rows[0]!.consent_version).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(rows[0]!.page_url).toMatch(/\/strategy-call$/);
});

test.describe("with BOOKING_URL, a foreign frame", () => {
  // The page's Content-Security-Policy would not even let evil.test's frame load (frame-src
  // allows only BOOKING_URL's origin); bypassing it here tests the origin check behind it.
  test.use({ bypassCSP: true, baseURL: TEST_PURCHASES_URL });

  test("the booking widget is prefilled; a booked event from a foreign origin is ignored and the widget's own is recorded", async ({
    page,
  }) => {
    const eventId = `E2E${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const forgedId = `${eventId}FORGED`;
    await page.route(`${WIDGET_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: postingPage(bookedMessage(eventId), false) }),
    );
    await page.route("https://evil.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: postingPage(bookedMessage(forgedId), true) }),
    );
    const visitor = await registerVisitor(page, "Grace Hopper");
    await page.goto("/schedule-call");

    const frameElement = page.locator('iframe[title="Pick a time for your free AI strategy call"]');
    const src = new URL((await frameElement.getAttribute("src")) ?? "");
    expect(src.origin).toBe(WIDGET_ORIGIN);
    expect(src.searchParams.get("name")).toBe("Grace Hopper");
    expect(src.searchParams.get("email")).toBe(visitor.email);
    expect(src.searchParams.get("utm_source")).toBe("e2e");
    expect(src.searchParams.get("utm_campaign")).toBe("offers");

    // A foreign frame and the page itself both post a perfectly shaped booked event.
    await page.evaluate((msg) => {
      const evil = document.createElement("iframe");
      evil.src = "https://evil.test/frame";
      document.body.append(evil);
      window.postMessage(msg, "*");
    }, bookedMessage(forgedId));
    await page.waitForTimeout(1_000);
    expect(
      await queryOn(TEST_PURCHASES_PORT, "SELECT id FROM scheduled_calls WHERE event_id = $1", [forgedId]),
    ).toHaveLength(0);
    await expect(page.getByRole("status").filter({ hasText: "You're booked!" })).toHaveCount(0);

    const tracked = page.waitForRequest(
      (r) => r.url().endsWith("/api/track-action") && (r.postData() ?? "").includes("booking_scheduled"),
    );
    await page.frameLocator('iframe[title="Pick a time for your free AI strategy call"]').getByRole("button").click();
    await expect(page.getByText("You're booked!")).toBeVisible();
    expect(JSON.parse((await tracked).postData() ?? "{}")).toMatchObject({ step: 7, action: "booking_scheduled" });
    const rows = await queryOn<{ session_id: string; event_type: string; user_timezone: string }>(
      TEST_PURCHASES_PORT,
      "SELECT session_id, event_type, user_timezone FROM scheduled_calls WHERE event_id = $1",
      [eventId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ session_id: visitor.contactId, event_type: "calendly.event_scheduled" });
    expect(rows[0]!.user_timezone.length).toBeGreaterThan(0);
  });
});

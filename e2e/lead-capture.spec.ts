import { expect, test } from "./test";
import { eventsFor, query } from "./helpers/funnel";
import { answerAsNonOwner, OPT_IN, openOptIn, sessionIdOf, submitOptIn, uniqueEmail } from "./helpers/opt-in";

// The lead path: opt-in → "Quick Question" survey → /vip-detected (qualified owners) or
// "Your Free Copy Is Ready!" → /oto-realtime-ai-academy (everyone else), with events 1–5 stored.

test("a qualifying business owner walks from the landing page to /vip-detected, with events 1–5 stored", async ({
  page,
}) => {
  const email = uniqueEmail("owner");
  await openOptIn(page, "/?utm_source=e2e&utm_campaign=owner-walk");
  const optIn = page.getByRole("dialog", { name: OPT_IN });
  for (const [name, href] of [
    ["Terms", "/terms"],
    ["Privacy Policy", "/privacy"],
  ] as const) {
    const link = optIn.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  await submitOptIn(page, "Ada Lovelace", email);

  const survey = page.getByRole("dialog", { name: "Quick Question" });
  await expect(survey).toBeVisible();
  await expect(optIn).toBeHidden();
  await expect(survey.getByText("Do you currently have a business?")).toBeVisible();
  await survey.getByRole("button", { name: "Yes", exact: true }).click();

  const question = (n: number) => page.getByRole("dialog", { name: `Question ${n}/5` });
  await question(1).getByRole("button", { name: "This week." }).click();
  await question(2).getByRole("button", { name: "Yes", exact: true }).click();
  await question(3).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(question(4).getByText("What industry is your business in?")).toBeVisible();
  await question(4).getByRole("button", { name: "Continue" }).click(); // free text may stay empty
  await question(5).getByRole("button", { name: "Around $1 Million-$10 Million/year" }).click();

  await expect(page).toHaveURL(/\/vip-detected$/);
  await expect(page.getByRole("heading", { level: 1, name: "Congratulations! You've Qualified" })).toBeVisible();
  await expect(page.getByText("Great news, Ada!")).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Schedule Your Discovery Session" })).toHaveAttribute(
    "href",
    "/schedule-call",
  );
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  expect(page.url()).not.toContain("example.com"); // no personal data in the address

  const sessionId = await sessionIdOf(page);
  await expect
    .poll(async () => (await eventsFor(sessionId)).map((e) => `${e.step}:${e.action}`), { timeout: 10_000 })
    .toEqual(["1:page_load", "2:button_click", "3:form_submit", "4:survey_submit", "5:qualification_result"]);
  const events = await eventsFor(sessionId);
  expect(events[4]!.data).toEqual({ qualified: true });
  expect(typeof events[1]!.data.source).toBe("string");

  const [prospect] = await query<{ first_name: string; last_name: string; first_utm_source: string }>(
    "SELECT first_name, last_name, first_utm_source FROM prospects WHERE email = $1",
    [email],
  );
  expect(prospect).toEqual({ first_name: "Ada", last_name: "Lovelace", first_utm_source: "e2e" });
  const responses = await query<{ track: string; qualified: boolean; industry: string }>(
    "SELECT track, qualified, industry FROM survey_responses WHERE session_id = $1",
    [sessionId],
  );
  expect(responses).toEqual([{ track: "BUSINESS_OWNER", qualified: true, industry: "" }]);
  await expect
    .poll(
      async () =>
        (await query<{ status: string }>("SELECT status FROM outgoing_emails WHERE recipient = $1", [email]))[0]
          ?.status,
    )
    .toBe("LOGGED");
});

test("a visitor without a business walks to 'Your Free Copy Is Ready!' and on to the one-time offer, history replaced", async ({
  page,
}) => {
  await openOptIn(page);
  await submitOptIn(page, "Grace", uniqueEmail("non-owner"));

  const vision = await answerAsNonOwner(page);
  await vision.getByLabel("Describe the business you would like to build.").fill("An AI bookkeeping service");
  await vision.getByRole("button", { name: "Continue" }).click();

  const ready = page.getByRole("dialog", { name: "Your Free Copy Is Ready!" });
  await expect(ready).toBeVisible();
  const historyLength = await page.evaluate(() => window.history.length);
  await ready.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy$/);
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

  const sessionId = await sessionIdOf(page);
  await expect
    .poll(async () => (await eventsFor(sessionId)).find((e) => e.step === 5)?.data, { timeout: 10_000 })
    .toEqual({ qualified: false });
  const responses = await query<{ track: string; qualified: boolean; business_vision: string }>(
    "SELECT track, qualified, business_vision FROM survey_responses WHERE session_id = $1",
    [sessionId],
  );
  expect(responses).toEqual([{ track: "NON_OWNER", qualified: false, business_vision: "An AI bookkeeping service" }]);
});

test("an owner who does not qualify sees 'Your Free Copy Is Ready!'", async ({ page }) => {
  await openOptIn(page);
  await submitOptIn(page, "Linus", uniqueEmail("small-owner"));
  await page.getByRole("dialog", { name: "Quick Question" }).getByRole("button", { name: "Yes", exact: true }).click();
  await page.getByRole("dialog", { name: "Question 1/5" }).getByRole("button", { name: "Maybe some day." }).click();
  await page.getByRole("dialog", { name: "Question 2/5" }).getByRole("button", { name: "No", exact: true }).click();
  await page.getByRole("dialog", { name: "Question 3/5" }).getByRole("button", { name: "Yes", exact: true }).click();
  await page.getByRole("dialog", { name: "Question 4/5" }).getByRole("textbox").fill("Retail");
  await page.getByRole("dialog", { name: "Question 4/5" }).getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("dialog", { name: "Question 5/5" })
    .getByRole("button", { name: "Less Than $500,000/year" })
    .click();
  await expect(page.getByRole("dialog", { name: "Your Free Copy Is Ready!" })).toBeVisible();
  await expect(page).toHaveURL(/\/$|\/\?/);
});

test("the survey opens at once while registration is slow, and a failed registration is reported and retried", async ({
  page,
}) => {
  let attempts = 0;
  await page.route("**/api/register", async (route) => {
    attempts += 1;
    if (attempts > 1) return route.continue(); // the retry gets through
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.abort("connectionfailed");
  });
  const email = uniqueEmail("offline");
  await openOptIn(page);
  await submitOptIn(page, "Barbara Liskov", email);
  // Visible well before the registration call gives up.
  await expect(page.getByRole("dialog", { name: "Quick Question" })).toBeVisible({ timeout: 1_000 });
  await page.getByRole("dialog", { name: "Quick Question" }).getByRole("button", { name: "Yes", exact: true }).click();
  await page.getByRole("dialog", { name: "Question 1/5" }).getByRole("button", { name: "Next week." }).click();
  await page.getByRole("dialog", { name: "Question 2/5" }).getByRole("button", { name: "Yes", exact: true }).click();
  await page.getByRole("dialog", { name: "Question 3/5" }).getByRole("button", { name: "Yes", exact: true }).click();
  await page.getByRole("dialog", { name: "Question 4/5" }).getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("dialog", { name: "Question 5/5" })
    .getByRole("button", { name: "$50 Million-$100 Million/year" })
    .click();

  // Nothing was stored, so nothing claims the copy is on its way: an error toast and a retry
  // with the details kept, while the answers wait.
  const retry = page.getByRole("dialog", { name: "We couldn't save your details" });
  await expect(retry).toBeVisible();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "We couldn't save your details" })
      .filter({ hasText: /try again/ }),
  ).toBeVisible();
  await expect(retry.getByText(/has not been sent yet/)).toBeVisible();
  await expect(page.getByText(/on its way to your inbox/)).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/vip-detected$/);
  await expect(retry.getByLabel("Your name")).toHaveValue("Barbara Liskov");
  await expect(retry.getByLabel("Your email")).toHaveValue(email);
  const sessionId = await sessionIdOf(page);
  expect(await query("SELECT 1 FROM survey_responses WHERE session_id = $1", [sessionId])).toEqual([]);

  await retry.getByRole("button", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/vip-detected$/);
  await expect(page.getByText("Great news, Barbara!")).toBeVisible();
  const [prospect] = await query<{ id: string }>("SELECT id FROM prospects WHERE email = $1", [email]);
  expect(prospect).toBeDefined();
  const responses = await query<{ qualified: boolean; prospect_id: string | null }>(
    "SELECT qualified, prospect_id FROM survey_responses WHERE session_id = $1",
    [sessionId],
  );
  expect(responses).toEqual([{ qualified: true, prospect_id: prospect!.id }]);
});

test("a registration the server refuses is reported, and the corrected details go through", async ({ page }) => {
  let refused = false;
  await page.route("**/api/register", async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 503,
      json: { error: { code: "service_unavailable", message: "Service temporarily unavailable." } },
    });
  });
  await openOptIn(page);
  const name = page.getByRole("dialog", { name: OPT_IN }).getByLabel("Your name");
  await expect(name).toHaveAttribute("maxlength", "200");
  await submitOptIn(page, "Grace", uniqueEmail("refused"));
  const vision = await answerAsNonOwner(page);
  await expect(vision.getByRole("textbox")).toHaveAttribute("maxlength", "2000");
  await vision.getByRole("button", { name: "Continue" }).click();

  const retry = page.getByRole("dialog", { name: "We couldn't save your details" });
  await expect(retry.getByText(/server had a problem/)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Your Free Copy Is Ready!" })).toHaveCount(0);
  const corrected = uniqueEmail("corrected");
  await retry.getByLabel("Your email").fill(corrected);
  await retry.getByRole("button", { name: "Try Again" }).click();
  const ready = page.getByRole("dialog", { name: "Your Free Copy Is Ready!" });
  await expect(ready.getByText(/on its way to your inbox/)).toBeVisible();
  await ready.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy$/);
  await expect(page.getByText("User information is required.")).toHaveCount(0);
  expect(await query("SELECT 1 FROM prospects WHERE email = $1", [corrected])).toHaveLength(1);
});

test("/vip-detected without a registered visitor keeps the invitation and shows no greeting line", async ({ page }) => {
  await page.goto("/vip-detected");
  await expect(page.getByRole("heading", { level: 1, name: "Congratulations! You've Qualified" })).toBeVisible();
  await expect(page.getByText(/^Great news/)).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Schedule Your Discovery Session" })).toHaveAttribute(
    "href",
    "/schedule-call",
  );
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
});

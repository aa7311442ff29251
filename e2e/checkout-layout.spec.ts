import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./test";
import { declineOffers, fillCard } from "./helpers/checkout";
import { box, expectNoHorizontalOverflow, renderedLines } from "./helpers/layout";

// Layout of the checkout's summary and the pages after payment, as rendered at 1280 px (desktop
// project) and 390 px (mobile project): nothing scrolls sideways, a long e-mail wraps at sensible
// points inside its card, the password and transaction ID stay whole on one line with a copy
// button, and an order line's name is never squeezed into a narrow column beside its price.

// Its domain is wider than a phone's line without a hyphen to break at.
const longEmail = () =>
  `ada.augusta.king-lovelace-${Date.now()}${Math.random().toString(36).slice(2, 6)}@mail.analyticalengineworks.example.com`;

async function buyBook(page: Page, email: string) {
  await page.goto("/checkout?product=fast-forward-book");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await fillCard(page);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await declineOffers(page);
  // Fulfilment (account, token, e-mail) is the slowest call of the funnel, above all on a server
  // that has just started.
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
}

/** Shown whole on one line inside the screen (never broken mid-token), and its button copies exactly it. */
async function expectWholeAndCopyable(page: Page, value: Locator, copy: string) {
  const shown = await box(value);
  expect(shown.lines, copy).toBe(1);
  expect(shown.whole, copy).toBe(true);
  expect(shown.left, copy).toBeGreaterThanOrEqual(0);
  expect(shown.right, copy).toBeLessThanOrEqual(shown.viewport);
  await page.getByRole("button", { name: copy }).click();
  // The outcome is said beside this value's button (another copy's "Copied" may still show).
  await expect(page.getByRole("definition").filter({ has: value }).getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await value.textContent());
}

/** The address wraps only after its "@", after a hyphen or before a dot, and stays inside its card. */
async function expectEmailWrapsInside(email: Locator, card: Locator, address: string) {
  const lines = await renderedLines(email);
  expect(lines.join("")).toBe(address);
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1] ?? "";
    const after = lines[i] ?? "";
    expect(/[@-]$/.test(before) || after.startsWith("."), `break between "${before}" and "${after}"`).toBe(true);
  }
  const [shown, inside] = [await box(email), await box(card)];
  expect(shown.left).toBeGreaterThanOrEqual(inside.left);
  expect(shown.right).toBeLessThanOrEqual(inside.right);
}

test(
  "the success and contract-setup pages fit the screen with a long e-mail and the password",
  { tag: "@viewport" },
  async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = longEmail();
    expect(email.length).toBeGreaterThan(60);
    await buyBook(page, email);

    await expect(page.getByTestId("login-password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
    await expectNoHorizontalOverflow(page, "/payment-success");
    const card = page.locator("dl").filter({ has: page.getByTestId("login-email") });
    await expectEmailWrapsInside(page.getByTestId("login-email"), card, email);
    await expectWholeAndCopyable(page, page.getByTestId("login-password"), "Copy password");
    await expectWholeAndCopyable(page, page.getByTestId("transaction-id"), "Copy transaction ID");
    // A copy's "Copied" did not push anything off the screen.
    await expectNoHorizontalOverflow(page, "/payment-success after copying");

    await page.getByRole("link", { name: "Continue to Contract Setup" }).click();
    await expect(page.getByText("Hand-off token verified.")).toBeVisible();
    await expectNoHorizontalOverflow(page, "/contract-setup");
    const id = page.getByTestId("handoff-transaction");
    await expect(id).toHaveText(new URL(page.url()).searchParams.get("transactionId") ?? "missing");
    await expectWholeAndCopyable(page, id, "Copy transaction ID");
    const claims = page.getByRole("main").locator("dl");
    await expectEmailWrapsInside(claims.locator("dd").filter({ hasText: "@" }), claims, email);
  },
);

/** Each order line: its name on one line or with the whole line to itself, its price in one piece, right-aligned with the total. */
async function expectReadableSummary(page: Page) {
  const summary = page.getByRole("region", { name: "Order summary" });
  const total = await box(summary.getByTestId("order-total"));
  const lines = summary.getByRole("listitem");
  expect(await lines.count()).toBeGreaterThan(0);
  for (const line of await lines.all()) {
    const [name, price] = [line.locator(":scope > span").first(), line.locator(":scope > span").last()];
    const label = (await line.textContent()) ?? "";
    const [row, shownName, shownPrice] = [await box(line), await box(name), await box(price)];
    if (shownName.lines > 1) expect(shownName.width, `${label}: name squeezed`).toBeGreaterThan(row.width * 0.9);
    expect(shownPrice.lines, `${label}: price broken`).toBe(1);
    expect(Math.abs(shownPrice.right - total.right), `${label}: price not aligned with the total`).toBeLessThan(1);
    const beside = shownPrice.top < shownName.bottom - 1;
    if (beside) expect(shownPrice.left, `${label}: price over the name`).toBeGreaterThanOrEqual(shownName.right);
    else expect(shownName.left).toBeCloseTo(row.left, 0);
  }
}

test(
  "order summary lines are readable: team seats, copies and an added course",
  { tag: "@viewport" },
  async ({ page }) => {
    await page.goto("/checkout-realtime-academy-metadata?seats=3");
    await expect(page.getByTestId("order-line")).toHaveText("Realtime AI Academy team training × 3 seats");
    await expect(page.getByTestId("order-line-price")).toHaveText(/^\$2,000\s*\$500\/seat\/month$/);
    await expectReadableSummary(page);
    // Name and price do not fit side by side in the summary's column: the price goes under the name
    // rather than narrowing it.
    const [name, price] = [await box(page.getByTestId("order-line")), await box(page.getByTestId("order-line-price"))];
    expect(price.top).toBeGreaterThanOrEqual(name.bottom - 1);
    await expectNoHorizontalOverflow(page);

    await page.goto("/checkout-realtime-academy-metadata?seats=48");
    await expect(page.getByTestId("order-line")).toHaveText("Realtime AI Academy team training × 48 seats");
    await expectReadableSummary(page);

    for (const path of ["/checkout?product=fast-forward-book", "/checkout?product=fast-forward-book&upsell=true"]) {
      await page.goto(path);
      await expectReadableSummary(page);
      await expectNoHorizontalOverflow(page);
    }
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
    await expect(page.getByTestId("order-line")).toHaveText("Fast Forward (digital book) × 3");
    await expectReadableSummary(page);
  },
);

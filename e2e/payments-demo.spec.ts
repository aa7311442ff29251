import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { seriousViolations } from "./helpers/axe";
import { declineOffers, fillCard } from "./helpers/checkout";

// Demo gateway, walked as a buyer: the book, the course (and the add-to-order variant), team
// seats with the debounced stepper, a declined card, the terms rule and the contract-setup hand-off.
// Tagged @viewport: what the phone's layout changes (the ID on one line, the total above the
// button) and axe.

async function fillBuyer(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Ada Lovelace");
}

const unique = () => `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test(
  "buys the book and hands off to contract setup with a token that verifies",
  { tag: "@viewport" },
  async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const stripeRequests: string[] = [];
    page.on("request", (request) => {
      if (/stripe\.com/.test(request.url())) stripeRequests.push(request.url());
    });
    await page.goto("/checkout?product=fast-forward-book");
    await expect(page.getByText("Initializing payment form")).toBeVisible();
    await expect(page.getByText("Demo payments — no card is charged")).toHaveCount(0);
    const email = unique();
    await fillBuyer(page, email);
    await expect(page.getByText("Demo payments — no card is charged")).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$7");
    await fillCard(page);
    await expect(page.getByTestId("offer-consent")).toHaveText(
      "By paying you allow Fast Forward to charge this card for offers you accept on the next page.",
    );
    await page.getByRole("button", { name: "Complete Purchase" }).click();

    await declineOffers(page);
    // Demo mode never loads Stripe.js.
    expect(stripeRequests).toEqual([]);
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await expect(page.getByTestId("login-email")).toHaveText(email);
    await expect(page.getByTestId("login-password")).toHaveText(/^[A-Za-z0-9_-]{24}$/);
    expect(page.url()).not.toContain(encodeURIComponent(email));

    // The transaction ID is shown whole on one line (desktop 1280 px and a 390 px phone alike) and
    // its copy button puts exactly that ID on the clipboard, saying "Copied".
    const id = page.getByTestId("transaction-id");
    await expect(id).toHaveText(/^[0-9a-f-]{36}$/);
    const shown = await id.evaluate((element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return {
        height: rect.height,
        oneLine: parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
        fits: element.scrollWidth <= element.clientWidth,
        insideViewport: rect.left >= 0 && rect.right <= document.documentElement.clientWidth,
      };
    });
    expect(shown.height).toBeLessThanOrEqual(shown.oneLine + 1);
    expect(shown).toMatchObject({ fits: true, insideViewport: true });
    await page.getByRole("button", { name: "Copy transaction ID" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await id.textContent());

    // A reload claims again: same account, password not shown a second time.
    await page.reload();
    await expect(page.getByText(/credentials were already issued/)).toBeVisible();
    await expect(page.getByTestId("login-password")).toHaveCount(0);

    await page.getByRole("link", { name: "Continue to Contract Setup" }).click();
    await expect(page).toHaveURL(/\/contract-setup\?token=[^&]+&transactionId=[0-9a-f-]{36}$/);
    await expect(page.getByText("Hand-off token verified.")).toBeVisible();
    const transactionId = new URL(page.url()).searchParams.get("transactionId");
    await expect(page.getByTestId("handoff-transaction")).toHaveText(transactionId!);
  },
);

test("buys the course, shows a declined card's message, then succeeds", async ({ page }) => {
  await page.goto("/checkout?product=ai-step-by-step");
  await fillBuyer(page, unique());
  await expect(page.getByTestId("order-total")).toHaveText("$497");
  // One enrolment for the buyer's own login: nothing to count.
  await expect(page.getByRole("spinbutton")).toHaveCount(0);
  await expect(page.getByText(/Number of seats|Quantity/)).toHaveCount(0);
  await expect(page.getByTestId("order-line")).toHaveText("AI Step By Step");
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Payment Error" }).first()).toContainText(
    "Your card was declined.",
  );
  await expect(page).toHaveURL(/\/checkout\?/);
  await fillCard(page, "4000 0000 0000 9995");
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByText("Your card has insufficient funds.").first()).toBeVisible();
  await fillCard(page);
  await page.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText("AI Step By Step")).toBeVisible();
});

test("the book checkout asks for a Quantity of copies up to 1,000, never for seats", async ({ page }) => {
  await page.goto("/checkout?product=fast-forward-book");
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("1");
  await expect(quantity).toHaveAttribute("min", "1");
  await expect(quantity).toHaveAttribute("max", "1000");
  await expect(quantity).toHaveAccessibleDescription("Copies for your team or as gifts: up to 1,000 copies per order.");
  await expect(page.getByText("Number of seats")).toHaveCount(0);
  await expect(page.getByText(/seat/)).toHaveCount(0);

  // Cleared and retyped, the field keeps what is typed; the summary prices copies "each".
  await quantity.fill("");
  await quantity.pressSequentially("3");
  await expect(quantity).toHaveValue("3");
  await expect(page.getByTestId("order-line")).toHaveText("Fast Forward (digital book) × 3");
  await expect(page.getByText("$7 each")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$21");
  // A copy for each of 120 employees; past the maximum it shows, and orders, the maximum.
  await quantity.fill("120");
  await expect(page.getByTestId("order-total")).toHaveText("$840");
  await quantity.fill("2500");
  await expect(quantity).toHaveValue("1000");
  await expect(page.getByTestId("order-total")).toHaveText("$7,000");
});

test(
  "what the buyer pays is read before the pay button (above it on a phone, beside it on a desktop)",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    for (const path of ["/checkout?product=fast-forward-book", "/checkout-realtime-academy-metadata?seats=2"]) {
      await page.goto(path);
      if (path.includes("seats")) {
        await page.getByLabel("First name").fill("Ada");
        await page.getByLabel("Last name").fill("Lovelace");
        await page.getByLabel("Email").fill(unique());
      } else {
        await fillBuyer(page, unique());
      }
      const pay = page.getByRole("button", { name: /Complete Purchase|Start Training/ });
      await expect(pay).toBeVisible();
      const total = await page.getByTestId("order-total").boundingBox();
      const button = await pay.boundingBox();
      expect(total && button, path).toBeTruthy();
      if (!total || !button) continue;
      if (testInfo.project.name === "mobile") {
        expect(total.y + total.height, path).toBeLessThan(button.y);
      } else {
        expect(total.x, path).toBeGreaterThan(button.x + button.width);
      }
      if (path.includes("seats")) {
        const seats = await page.getByRole("group", { name: "Number of seats" }).boundingBox();
        expect(seats, path).toBeTruthy();
        if (testInfo.project.name === "mobile" && seats) expect(seats.y + seats.height).toBeLessThan(button.y);
      }
    }
  },
);

test("the add-to-order offer puts the course on the book's order", async ({ page }) => {
  await page.goto("/checkout?product=fast-forward-book&upsell=true");
  await expect(page.getByText("AI Step By Step (added to your order)")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$504");
});

test("prefills a registered visitor's name and e-mail from the server", async ({ page }) => {
  await page.goto("/checkout");
  const email = unique();
  const contactId = crypto.randomUUID();
  const registered = await page.request.post("/api/register", {
    data: { contactId, name: "Grace Hopper", email },
  });
  expect(registered.status()).toBe(200);
  await page.goto("/checkout?product=fast-forward-book");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper");
});

test("without state the success page shows the generic message", async ({ page }) => {
  await page.goto("/payment-success");
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText(/check your email/)).toBeVisible();
  await page.goto("/payment-processing");
  await expect(page.getByText("Payment information not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Checkout" })).toHaveAttribute("href", "/checkout");
});

test.describe("team checkout", () => {
  async function fillTeamBuyer(page: Page) {
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email").fill(unique());
    await expect(page.getByLabel("Card number")).toBeVisible();
  }

  /** The seat change's toast: "Subscription Updated - Team size updated to {n} members.", title and description in one toast. */
  function seatsUpdatedToast(page: Page, n: number) {
    return page
      .getByRole("status")
      .filter({ has: page.getByText("Subscription Updated", { exact: true }) })
      .filter({ has: page.getByText(`Team size updated to ${n} members.`, { exact: true }) });
  }

  test("changes seats several times with one update per debounce window, then pays", async ({ page }) => {
    const updates: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/update-subscription")) {
        updates.push((request.postDataJSON() as { quantity: number }).quantity);
      }
    });
    await page.goto("/checkout-realtime-academy-metadata?seats=1");
    await fillTeamBuyer(page);
    const add = page.getByRole("button", { name: "Add a seat" });
    await add.click();
    await add.click();
    await add.click();
    await expect(page.getByTestId("seat-count")).toHaveText("4");
    await expect(page.getByTestId("order-total")).toHaveText("$2,000/month");
    await expect(seatsUpdatedToast(page, 4)).toBeVisible({ timeout: 10_000 });
    expect(updates).toEqual([4]);

    // Up and back down inside one window: the subscription already has 4, nothing is sent.
    await add.click();
    await page.getByRole("button", { name: "Remove a seat" }).click();
    await page.waitForTimeout(3_000);
    expect(updates).toEqual([4]);

    await add.click();
    await add.click();
    await expect(seatsUpdatedToast(page, 6)).toBeVisible({ timeout: 10_000 });
    expect(updates).toEqual([4, 6]);

    const pay = page.getByRole("button", { name: "Start Training for 6 Members" });
    await expect(pay).toBeDisabled();
    // Enter in the card form with the terms unchecked says why nothing happens, and
    // takes the buyer to the checkbox.
    const termsRequired = "Terms Required - Please accept the Terms of Service and Privacy Policy to continue.";
    await fillCard(page);
    await page.getByLabel("CVC").press("Enter");
    await expect(page.getByText(termsRequired)).toBeVisible();
    await expect(
      page
        .getByRole("alert")
        .filter({ has: page.getByText("Terms Required", { exact: true }) })
        .filter({ has: page.getByText("Please accept the Terms of Service and Privacy Policy to continue.") }),
    ).toBeVisible();
    await expect(page.getByRole("checkbox")).toBeFocused();
    await page.getByRole("checkbox").check();
    await expect(pay).toBeEnabled();
    await fillCard(page);
    await pay.click();
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await expect(page.getByTestId("seats-count")).toHaveText("6");
  });

  test("Enter on the pay button with the terms unchecked shows Terms Required and pays nothing", async ({ page }) => {
    const confirms: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/demo-payments/confirm")) confirms.push(request.url());
    });
    await page.goto("/checkout-realtime-academy-metadata?seats=1");
    await fillTeamBuyer(page);
    await fillCard(page);
    const pay = page.getByRole("button", { name: "Start Training for 1 Member" });
    await expect(pay).toBeDisabled();
    await pay.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByText("Terms Required - Please accept the Terms of Service and Privacy Policy to continue."),
    ).toBeVisible();
    await expect(page.getByRole("checkbox")).toBeFocused();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/checkout-realtime-academy-metadata\?seats=1$/);
    expect(confirms).toEqual([]);

    // Once accepted, the same key pays.
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox")).toBeChecked();
    await expect(pay).toBeEnabled();
    await pay.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    // The checkout's message stays behind with the checkout.
    await expect(page.getByText("Terms Required")).toHaveCount(0);
  });

  test("a failed seat update disables the stepper meanwhile, then restores the count with the product's message", async ({
    page,
  }) => {
    const updates: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/update-subscription")) {
        updates.push((request.postDataJSON() as { quantity: number }).quantity);
      }
    });
    // The update is held until the in-flight state has been checked (a fixed delay would race a
    // loaded machine), then answered the way a server that cannot reach the gateway answers.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/update-subscription", async (route) => {
      await released;
      await route.fulfill({
        status: 503,
        json: { error: { code: "service_unavailable", message: "Service temporarily unavailable." } },
      });
    });
    await page.goto("/checkout-realtime-academy-metadata?seats=1");
    await fillTeamBuyer(page);
    await page.getByRole("checkbox").check();
    const add = page.getByRole("button", { name: "Add a seat" });
    const remove = page.getByRole("button", { name: "Remove a seat" });
    await add.click();
    await add.click();
    await expect(page.getByTestId("seat-count")).toHaveText("3");
    await expect(page.getByTestId("order-total")).toHaveText("$1,500/month");

    // After the 2000 ms debounce the update is in flight: controls disabled, "Updating..." shown.
    const updating = page.getByRole("status").filter({ hasText: "Updating..." });
    await expect(updating).toBeVisible({ timeout: 10_000 });
    await expect(add).toBeDisabled();
    await expect(remove).toBeDisabled();
    await expect(page.getByRole("button", { name: "Start Training for 3 Members" })).toBeDisabled();
    expect(updates).toEqual([3]);

    release();
    const failed = page.getByRole("alert").filter({ has: page.getByText("Update Failed", { exact: true }) });
    await expect(failed).toBeVisible();
    await expect(
      failed.getByText("Failed to update your subscription. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Failed to update team size. Please try again.", { exact: true })).toBeVisible();
    // The subscription still has 1 seat, and so does the page.
    await expect(page.getByTestId("seat-count")).toHaveText("1");
    await expect(page.getByTestId("order-total")).toHaveText("$500/month");
    await expect(updating).toHaveCount(0);
    await expect(add).toBeEnabled();
    await expect(remove).toBeDisabled(); // 1 is the minimum
    await expect(page.getByRole("button", { name: "Start Training for 1 Member" })).toBeEnabled();

    // The failure leaves the stepper working: the next change goes through.
    await page.unroute("**/api/update-subscription");
    await add.click();
    await expect(seatsUpdatedToast(page, 2)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("seat-count")).toHaveText("2");
    expect(updates).toEqual([3, 2]);
  });

  test("pay waits for a seat change still in the debounce, and the order takes the corrected e-mail", async ({
    page,
  }) => {
    const creates: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-payment-intent")) {
        creates.push((request.postDataJSON() as { email: string }).email);
      }
    });
    await page.goto("/checkout-realtime-academy-metadata?seats=1");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    // Half-typed addresses create nothing (review H2).
    await page.getByLabel("Email").fill("ada@");
    await page.waitForTimeout(1_000);
    await page.getByLabel("Email").fill("ada@example");
    await page.waitForTimeout(1_000);
    expect(creates).toEqual([]);
    const email = unique();
    await page.getByLabel("Email").fill(`x${email}`);
    await expect(page.getByLabel("Card number")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await expect.poll(() => creates).toEqual([`x${email}`, email]);

    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Add a seat" }).click();
    // The subscription still has 1 seat until the debounce fires: paying now would pay for 1.
    const pay = page.getByRole("button", { name: "Start Training for 2 Members" });
    await expect(pay).toBeDisabled();
    await expect(seatsUpdatedToast(page, 2)).toBeVisible({ timeout: 10_000 });
    await expect(pay).toBeEnabled();
    await fillCard(page);
    await pay.click();
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await expect(page.getByTestId("seats-count")).toHaveText("2");
    await expect(page.getByTestId("login-email")).toHaveText(email);
  });

  test("the legal-modal variant shows both documents and continues to /payment-success-metadata", async ({ page }) => {
    await page.goto("/checkout-realtime-academy-metadata?seats=2&legal=modal");
    await fillTeamBuyer(page);
    await page.getByRole("button", { name: "Terms of Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Legal" });
    await expect(dialog.getByRole("tab", { name: "Terms of Service" })).toHaveAttribute("aria-selected", "true");
    await dialog.getByRole("tab", { name: "Privacy Policy" }).click();
    await expect(dialog.getByText(/we never see or store your card number/)).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    // Reopened from the Terms link, it shows Terms again, not the tab last looked at.
    await page.getByRole("button", { name: "Terms of Service" }).click();
    await expect(dialog.getByRole("tab", { name: "Terms of Service" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText(/90-day ROI guarantee/)).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Privacy Policy" }).click();
    await expect(dialog.getByRole("tab", { name: "Privacy Policy" })).toHaveAttribute("aria-selected", "true");
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("checkbox").check();
    await fillCard(page);
    await page.getByRole("button", { name: "Start Training for 2 Members" }).click();
    await expect(page).toHaveURL(/\/payment-success-metadata$/);
    await expect(page.getByTestId("seats-count")).toHaveText("2");
    await expect(page.getByRole("link", { name: "Continue to Contract Setup" })).toBeVisible();
  });
});

test("the checkout pages have no serious accessibility violations", { tag: "@viewport" }, async ({ page }) => {
  for (const path of ["/checkout?product=ai-step-by-step", "/checkout-realtime-academy-metadata?seats=3"]) {
    await page.goto(path);
    await expect(page.getByText("Initializing payment form")).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

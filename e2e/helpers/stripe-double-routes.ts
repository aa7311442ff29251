import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { STRIPE_DOUBLE_URL } from "../ports";

// Stripe mode in the browser: js.stripe.com is answered with the Stripe.js test double, and the
// calls Stripe.js makes to api.stripe.com go to the Stripe API double (neither host is reachable
// from this machine).

const stripeJs = readFileSync(path.join(import.meta.dirname, "../fixtures/stripe-js-double.js"), "utf8");
const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

export async function routeStripeToDoubles(page: Page): Promise<void> {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: stripeJs }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const request = route.request();
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    const response = await fetch(`${STRIPE_DOUBLE_URL}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: {
        authorization: request.headers()["authorization"] ?? "",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: request.method() === "GET" ? undefined : (request.postData() ?? ""),
    });
    await route.fulfill({
      status: response.status,
      headers: { ...cors, "content-type": "application/json" },
      body: await response.text(),
    });
  });
}

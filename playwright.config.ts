import { defineConfig, devices } from "@playwright/test";
import { PHONE } from "./e2e/helpers/phone";
import {
  PORT,
  STRIPE_DOUBLE_PORT,
  STRIPE_DOUBLE_URL,
  STRIPE_MODE_PORT,
  STRIPE_MODE_URL,
  TEST_PURCHASES_PORT,
  TEST_PURCHASES_URL,
} from "./e2e/ports";

// Browser tests drive Debian's Chromium against the production build, started through the same
// bootstrap as `npm start` with its own throw-away data directory.
// E2E_PORT lets parallel checkouts run their browser tests side by side.
const baseURL = `http://localhost:${PORT}`;
const chromium = {
  executablePath: "/usr/bin/chromium",
  // Background networking would try hosts this machine cannot reach.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * The funnel's production build through the same bootstrap as `npm start`, with its own
 * throw-away data directory. Every browser test comes from 127.0.0.1, so the per-client limits are
 * scaled for one run's worth of visitors (rate limiting itself is covered by integration tests).
 */
function funnelServer(port: number, url: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf .test-data/e2e-${port} && exec node --conditions=react-server --import tsx scripts/run/start.ts start`,
    url: `${url}/api/health`,
    env: {
      PORT: String(port),
      FUNNEL_DATA_DIR: `.test-data/e2e-${port}`,
      SITE_URL: url,
      NEXT_TELEMETRY_DISABLED: "1",
      RATE_LIMIT_SCALE: "20",
      ...env,
    },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: true,
  // One retry on CI, where a loaded machine can still stretch a timing; the summary names every
  // test that needed it (scripts/test/summary.mjs), so a flaky test is reported, not hidden.
  retries: process.env.CI ? 1 : 0,
  // A guard against hangs, not a speed target: with two browsers, three funnel servers and their
  // databases on two cores, ~40 tests took 20–30 s in a CI run (2026-11-24) and one more crossed
  // Playwright's 30 s default each stop. Speed is measured by the bench:* scripts.
  timeout: 60_000,
  workers: 2,
  reporter: [["list"]],
  // No screenshot unless a test asks for one. Recording a trace costs about a fifth of a test's
  // time, so CI records it only for a failed test's retry.
  use: {
    baseURL,
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "off",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    // The phone runs only what its layout can change (stacking, widths, overflow, what axe and the
    // Content-Security-Policy see): tests tagged @viewport. The rest behaves the same at any width.
    {
      name: "mobile",
      grep: /@viewport/,
      use: { ...PHONE, launchOptions: chromium },
    },
  ],
  webServer: [
    // Demo payments and the built-in booking calendar (the local defaults).
    funnelServer(PORT, baseURL),
    // Stripe mode (e2e/payments-stripe.spec.ts): the same build talking to the Stripe API test
    // double through stripe-node's host/port/protocol; Stripe.js itself is served by page.route.
    {
      command: `exec node --import tsx tests/doubles/stripe-api-server.ts ${STRIPE_DOUBLE_PORT}`,
      url: `${STRIPE_DOUBLE_URL}/_double/events`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    funnelServer(STRIPE_MODE_PORT, STRIPE_MODE_URL, {
      STRIPE_SECRET_KEY: "sk_test_e2e_double",
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_double",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e_double_secret",
      STRIPE_API_BASE: STRIPE_DOUBLE_URL,
    }),
    // e2e/offer-test-purchase.spec.ts: the hidden triple-click area and the team-training-test
    // product exist only in this server. It also embeds a Calendly-style booking widget
    // (BOOKING_URL) for the widget's specs in e2e/scheduling.spec.ts, instead of the built-in
    // calendar: one server more would cost minutes of start-up.
    funnelServer(TEST_PURCHASES_PORT, TEST_PURCHASES_URL, {
      ENABLE_TEST_PURCHASES: "true",
      // Never reached: e2e tests answer this origin with a local test double (page.route).
      BOOKING_URL: "https://calendly.test/fast-forward/strategy-call",
    }),
  ],
});

import { defineConfig, devices } from "@playwright/test";
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

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  use: { baseURL, trace: "retain-on-failure", launchOptions: chromium },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    { name: "mobile", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
  ],
  webServer: [
    {
      command: `rm -rf .test-data/e2e-${PORT} && exec node --conditions=react-server --import tsx scripts/start.ts start`,
      url: `${baseURL}/api/health`,
      env: {
        PORT: String(PORT),
        FUNNEL_DATA_DIR: `.test-data/e2e-${PORT}`,
        SITE_URL: baseURL,
        NEXT_TELEMETRY_DISABLED: "1",
        // Every browser test comes from 127.0.0.1: scale the per-client limits for one run's worth
        // of visitors (rate limiting itself is covered by the integration tests).
        RATE_LIMIT_SCALE: "20",
        // Never reached: e2e tests answer this origin with a local test double (page.route).
        BOOKING_URL: "https://calendly.test/fast-forward/strategy-call",
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
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
    {
      command: `rm -rf .test-data/e2e-${STRIPE_MODE_PORT} && exec node --conditions=react-server --import tsx scripts/start.ts start`,
      url: `${STRIPE_MODE_URL}/api/health`,
      env: {
        PORT: String(STRIPE_MODE_PORT),
        FUNNEL_DATA_DIR: `.test-data/e2e-${STRIPE_MODE_PORT}`,
        SITE_URL: STRIPE_MODE_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        STRIPE_SECRET_KEY: "sk_test_e2e_double",
        NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_double",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e_double_secret",
        STRIPE_API_BASE: STRIPE_DOUBLE_URL,
        RATE_LIMIT_SCALE: "20",
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
    // ENABLE_TEST_PURCHASES=true (e2e/offer-test-purchase.spec.ts): the hidden triple-click area
    // and the team-training-test product exist only in this server.
    {
      command: `rm -rf .test-data/e2e-${TEST_PURCHASES_PORT} && exec node --conditions=react-server --import tsx scripts/start.ts start`,
      url: `${TEST_PURCHASES_URL}/api/health`,
      env: {
        PORT: String(TEST_PURCHASES_PORT),
        FUNNEL_DATA_DIR: `.test-data/e2e-${TEST_PURCHASES_PORT}`,
        SITE_URL: TEST_PURCHASES_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        ENABLE_TEST_PURCHASES: "true",
        RATE_LIMIT_SCALE: "20",
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
  ],
});

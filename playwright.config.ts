import { defineConfig, devices } from "@playwright/test";

// Browser tests drive Debian's Chromium against the production build, started through the same
// bootstrap as `npm start` with its own throw-away data directory.
// E2E_PORT lets parallel checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
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
  webServer: {
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
});

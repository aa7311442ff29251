import { test as base, expect } from "@playwright/test";
import { waitForHydration } from "./helpers/hydration";
import { consoleOperator, type ConsoleOperator } from "./helpers/operator";

// The browser tests' `test`: page.goto also waits until React has hydrated an HTML page
// (components/site/hydration-marker.tsx). A click that lands before hydration is silently lost,
// which made tests that click straight after navigating fail at random on a loaded CI machine.
// `consoleOperator` signs a page in as an operator set up once per worker slot (e2e/helpers/operator.ts).

export const test = base.extend<object, { consoleOperator: ConsoleOperator }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  consoleOperator: [
    async ({ browser }, use, workerInfo) => use(consoleOperator(browser, workerInfo.parallelIndex)),
    { scope: "worker" },
  ],
});

export { expect, waitForHydration };

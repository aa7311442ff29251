import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const shared = {
  resolve: {
    alias: {
      "@": root,
      // Outside React Server Components `server-only` throws on import; tests are server code.
      "server-only": path.join(root, "node_modules/server-only/empty.js"),
    },
  },
};

export default defineConfig({
  test: {
    projects: [
      { ...shared, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Each file works in a database of its own (setup-env.ts), so files run side by side. Two
          // on a 2-core machine: with a third, a loaded machine's pool connects timed out more often.
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup-env.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// README "Configuration": lib/platform/server/config.ts is the only module that reads the
// environment. ESLint enforces it (no-restricted-properties in eslint.config.mjs).

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const source = "export const port = process.env.PORT;\n";

async function restricted(file: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).some((m) => m.ruleId === "no-restricted-properties");
}

describe("the one reader of the environment", () => {
  it("refuses process.env in app code, allows it in config.ts, scripts and tests", async () => {
    expect(await restricted("lib/platform/server/probe.mjs")).toBe(true);
    expect(await restricted("app/probe.mjs")).toBe(true);
    expect(await restricted("components/probe.mjs")).toBe(true);
    expect(await restricted("scripts/probe.mjs")).toBe(false);
    expect(await restricted("tests/unit/probe.mjs")).toBe(false);
    expect(await restricted("playwright.config.mjs")).toBe(false);
  }, 60_000);
});

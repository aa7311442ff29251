import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

describe("npm start with a bad environment", () => {
  it("exits non-zero with one line naming DATABASE_URL", () => {
    const result = spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/run/start.ts", "start"],
      { cwd: root, env: { ...process.env, DATABASE_URL: "not-a-url" }, encoding: "utf8", timeout: 30_000 },
    );
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: DATABASE_URL /);
    expect(result.stdout).not.toContain("serving");
  });
});

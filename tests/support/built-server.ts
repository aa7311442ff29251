import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsStale } from "../../scripts/lib/build-freshness";
import { freePort } from "../../scripts/lib/embedded-postgres";
import { fileDatabaseUrl } from "./db";
import { pollUntil } from "./wait";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type BuiltServer = { port: number; child: ChildProcess };

/**
 * Whether the production build (its `marker` file) is there and no older than the sources. Where
 * `npm test` needs it (HTTP_FRONT_REQUIRED=1, after its build step) a missing build fails `what`.
 */
export function productionBuildReady(what: string, marker = ".next/BUILD_ID"): boolean {
  const built = existsSync(path.join(ROOT, marker)) && !buildIsStale(ROOT);
  describe.runIf(process.env.HTTP_FRONT_REQUIRED === "1" && !built)(what, () => {
    it("exists and is no older than the sources (npm test builds before this step)", () => {
      expect(built).toBe(true);
    });
  });
  return built;
}

/**
 * Starts the production server (.next/standalone/server.js, as npm start and an operator run it) on
 * a free loopback port against the test file's database, with only a production environment plus
 * `env(port)`, and waits for /api/health.
 */
export async function startBuiltServer(env: (port: number) => Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, ".next/standalone/server.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: fileDatabaseUrl(),
      SESSION_SECRET: "integration-test-session-secret-0123456789",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      ...env(port),
    },
    stdio: "ignore",
  });
  const health = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
  try {
    await pollUntil("the standalone server to come up", health, (status) => status === 200, {
      ms: 60_000,
      every: 250,
    });
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return { port, child };
}

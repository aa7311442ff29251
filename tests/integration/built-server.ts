import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";
import { freePort } from "../../scripts/lib/embedded-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type BuiltServer = { port: number; child: ChildProcess };

/**
 * Starts the production server (.next/standalone/server.js, as npm start and an operator run it) on
 * a free loopback port against the test database, with only a production environment plus
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
      DATABASE_URL: inject("databaseUrl"),
      SESSION_SECRET: "integration-test-session-secret-0123456789",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      ...env(port),
    },
    stdio: "ignore",
  });
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (up?.status === 200) return { port, child };
  }
  child.kill("SIGTERM");
  throw new Error("the standalone server did not come up");
}

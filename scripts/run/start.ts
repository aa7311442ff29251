// npm start / npm run dev: validate config, open the database, migrate, build when needed, run
// Next.js and (unless RUN_WORKERS=false) the workers. Ctrl-C stops them, then PostgreSQL.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import nextEnv from "@next/env";
import exitHook from "async-exit-hook";
import { buildIsStale } from "../lib/build-freshness";
import { openDatabase, prepareDatabase } from "../lib/database";
import { loadConfigOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";
import { WORKER_ARGS } from "../lib/worker-command";
import { isPrivateHost } from "../../lib/shared/private-host";

const mode = process.argv[2] === "dev" ? "dev" : "start";
nextEnv.loadEnvConfig(ROOT, mode === "dev", { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const log = (line: string) => console.log(`[funnel] ${line}`);

function localSecret(name: string): string {
  const file = path.join(path.resolve(ROOT, config.FUNNEL_DATA_DIR), name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function run(args: string[], env: NodeJS.ProcessEnv): number {
  return spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env }).status ?? 1;
}

const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  directDatabaseUrl: config.DIRECT_DATABASE_URL,
  dataDir: path.resolve(ROOT, config.FUNNEL_DATA_DIR),
  log,
  verbose: config.EMBEDDED_POSTGRES_LOG,
});
const state: { children: ChildProcess[]; shuttingDown: boolean } = { children: [], shuttingDown: false };
exitHook((done: () => void) => {
  state.shuttingDown = true;
  void (async () => {
    // Stop Next.js and the workers first so they do not see the database vanish mid-request.
    await Promise.all(
      state.children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map(async (child) => {
          const exited = once(child, "exit");
          child.kill("SIGTERM");
          await exited;
        }),
    );
    await db.stop();
  })().finally(done);
});

try {
  log(db.embedded ? `database: embedded PostgreSQL (${config.FUNNEL_DATA_DIR}/postgres)` : "database: DATABASE_URL");
  // Migrations hold session-level locks a pooler cannot keep.
  const applied = await prepareDatabase(db.directUrl);
  log(applied.length ? `migrations applied: ${applied.join(", ")}` : "migrations: up to date");
} catch (error) {
  console.error(`[funnel] database setup failed: ${error instanceof Error ? error.message : String(error)}`);
  await db.stop();
  process.exit(1);
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: db.url,
  NEXT_TELEMETRY_DISABLED: "1",
  SESSION_SECRET: process.env.SESSION_SECRET || localSecret("session-secret"),
  // Only a loopback or private SITE_URL turns demo payments on by itself (docs/decisions/0007).
  ...(!config.STRIPE_SECRET_KEY && !config.ALLOW_DEMO_PAYMENTS && isPrivateHost(new URL(config.SITE_URL).hostname)
    ? { ALLOW_DEMO_PAYMENTS: "true" }
    : {}),
};

if (mode === "start" && buildIsStale(ROOT)) {
  log("building the production bundle (sources changed or no build yet)…");
  const code = run(["--import", "tsx", path.join(ROOT, "scripts/run/build.ts")], env);
  if (code !== 0) {
    await db.stop();
    process.exit(code);
  }
}

// Production runs the standalone build's server.js, exactly as an operator deploys it.
const serverArgs =
  mode === "dev"
    ? [path.join(ROOT, "scripts/run/next-server.mjs"), "dev", config.HOST, String(config.PORT)]
    : [path.join(ROOT, ".next/standalone/server.js")];
const child = spawn(process.execPath, serverArgs, {
  cwd: ROOT,
  stdio: "inherit",
  env: {
    ...env,
    NODE_ENV: mode === "dev" ? "development" : "production",
    HOSTNAME: config.HOST,
    PORT: String(config.PORT),
  },
});
state.children.push(child);
log(`serving on http://localhost:${config.PORT}`);
child.on("exit", (code) => {
  if (state.shuttingDown) return;
  state.shuttingDown = true;
  for (const other of state.children) if (other !== child) other.kill("SIGTERM");
  void db.stop().finally(() => process.exit(code ?? 1));
});

if (config.RUN_WORKERS) {
  let restarts = 0;
  const startWorker = (): void => {
    const worker = spawn(process.execPath, WORKER_ARGS, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...env, NODE_ENV: mode === "dev" ? "development" : "production" },
    });
    state.children.push(worker);
    worker.on("exit", (code, signal) => {
      state.children = state.children.filter((c) => c !== worker);
      if (state.shuttingDown) return;
      // pg-boss hands a crashed worker's jobs out again once they expire.
      const pause = Math.min(60_000, 1_000 * 2 ** restarts++);
      log(`workers exited (${signal ?? `code ${code}`}); restarting in ${pause / 1000} s`);
      setTimeout(() => state.shuttingDown || startWorker(), pause).unref();
    });
  };
  startWorker();
} else {
  log("workers: not started here (RUN_WORKERS=false); run npm run worker");
}

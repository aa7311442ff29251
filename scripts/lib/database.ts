// The one bootstrap every entry point shares (npm start, npm run dev, db:* scripts, tests):
// use DATABASE_URL when set, otherwise the embedded server under FUNNEL_DATA_DIR.
import path from "node:path";
import pg from "pg";
import type { Config } from "../../lib/platform/server/config";
import { runningServerPid, startEmbeddedPostgres } from "./embedded-postgres";
import { MIGRATIONS_DIR, readMigrationList, readSchema, SCHEMA_PATH } from "./migrations";
import { applyMigrationList, withSchemaEngine } from "./schema-engine";
import { installJobQueue } from "./job-queue";

/**
 * `url` is what the app connects through (PgBouncer in transaction mode is fine); `directUrl`
 * reaches PostgreSQL itself, for migrations and the job queue's set-up (session-level locks).
 */
export type Database = { url: string; directUrl: string; embedded: boolean; stop: () => Promise<void> };

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  /** DIRECT_DATABASE_URL; ignored with the embedded database (there is no pooler in front of it). */
  directDatabaseUrl?: string;
  dataDir: string;
  log?: (line: string) => void;
  verbose?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    return { url, directUrl: options.directDatabaseUrl ?? url, embedded: false, stop: () => Promise.resolve() };
  }
  const server = await startEmbeddedPostgres({ baseDir: options.dataDir, log: options.log, verbose: options.verbose });
  return { url: server.url, directUrl: server.url, embedded: true, stop: server.stop };
}

/** Applies pending migrations from prisma/migrations (tests pass a copy); returns the names it applied. */
export async function migrate(url: string, dir = MIGRATIONS_DIR, schemaPath = SCHEMA_PATH): Promise<string[]> {
  return withSchemaEngine(url, readSchema(schemaPath), (engine) => applyMigrationList(engine, readMigrationList(dir)));
}

/** Migrations, then the job queue's tables, queues and schedules: what every entry point needs. */
export async function prepareDatabase(url: string): Promise<string[]> {
  // Instances and workers that start together all migrate first. Prisma's schema engine takes an
  // advisory lock of its own but gives up after 10 s, which a busy start-up exceeds (seen: a
  // worker failing while two instances migrated). This lock makes them wait their turn instead;
  // the next one in finds nothing pending. A session lock, hence the direct URL.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const applied = await migrate(url);
    await installJobQueue(url);
    return applied;
  } finally {
    // Closing the session releases the lock, also when a migration failed.
    await lock.end();
  }
}

/** Any constant other than the schema engine's own (72707369). */
const MIGRATION_LOCK = 4_141_101;

/**
 * The app's database for an operator command (npm run webhooks, npm run suppress): opened, pending
 * migrations applied when asked, lib/ pointed at it, `task` run, everything closed. With the
 * embedded database it refuses while npm start holds the data directory, because opening it would
 * stop that server as if a crash had left it behind.
 */
export async function withAppDatabase<T>(
  config: Config,
  root: string,
  task: () => Promise<T>,
  options: { prepare?: boolean } = {},
): Promise<T> {
  const dataDir = path.resolve(root, config.FUNNEL_DATA_DIR);
  if (!config.DATABASE_URL && runningServerPid(path.join(dataDir, "postgres")) !== null) {
    throw new Error("The embedded database is in use by npm start: stop it first, or set DATABASE_URL.");
  }
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    directDatabaseUrl: config.DIRECT_DATABASE_URL,
    dataDir,
  });
  try {
    if (options.prepare) await prepareDatabase(db.directUrl);
    // The app's modules read the configuration on first use: point them at the database opened here.
    process.env.DATABASE_URL = db.url;
    const { closeDb } = await import("../../lib/platform/server/db");
    try {
      return await task();
    } finally {
      await closeDb();
    }
  } finally {
    await db.stop();
  }
}

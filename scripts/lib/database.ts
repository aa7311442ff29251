// Shared by every entry point: DATABASE_URL when set, else the embedded server.
import path from "node:path";
import pg from "pg";
import type { Config } from "../../lib/platform/server/config";
import { runningServerPid, startEmbeddedPostgres } from "./embedded-postgres";
import { MIGRATIONS_DIR, readMigrationList, readSchema, SCHEMA_PATH } from "./migrations";
import { applyMigrationList, withSchemaEngine } from "./schema-engine";
import { installJobQueue } from "./job-queue";

/** `directUrl` bypasses PgBouncer, for session-level locks (migrations, queue set-up). */
export type Database = { url: string; directUrl: string; embedded: boolean; stop: () => Promise<void> };

export async function openDatabase(options: {
  databaseUrl: string | undefined;
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

export async function migrate(url: string, dir = MIGRATIONS_DIR, schemaPath = SCHEMA_PATH): Promise<string[]> {
  return withSchemaEngine(url, readSchema(schemaPath), (engine) => applyMigrationList(engine, readMigrationList(dir)));
}

export async function prepareDatabase(url: string): Promise<string[]> {
  // Prisma's own migration lock gives up after 10 s, which a busy start-up of several instances
  // exceeds; this session lock makes them wait their turn.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const applied = await migrate(url);
    await installJobQueue(url);
    return applied;
  } finally {
    await lock.end();
  }
}

/** Any constant other than the schema engine's own (72707369). */
const MIGRATION_LOCK = 4_141_101;

/**
 * Refuses with the embedded database while npm start holds the data directory: opening it would
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

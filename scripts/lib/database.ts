// The one bootstrap every entry point shares (npm start, npm run dev, db:* scripts, tests):
// use DATABASE_URL when set, otherwise the embedded server under FUNNEL_DATA_DIR.
import { startEmbeddedPostgres } from "./embedded-postgres";
import { MIGRATIONS_DIR, readMigrationList, readSchema, SCHEMA_PATH } from "./migrations";
import { applyMigrationList, withSchemaEngine } from "./schema-engine";
import { installJobQueue } from "./job-queue";

export type Database = { url: string; embedded: boolean; stop: () => Promise<void> };

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
  verbose?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: () => Promise.resolve() };
  const server = await startEmbeddedPostgres({ baseDir: options.dataDir, log: options.log, verbose: options.verbose });
  return { url: server.url, embedded: true, stop: server.stop };
}

/** Applies pending migrations from prisma/migrations (tests pass a copy); returns the names it applied. */
export async function migrate(url: string, dir = MIGRATIONS_DIR, schemaPath = SCHEMA_PATH): Promise<string[]> {
  return withSchemaEngine(url, readSchema(schemaPath), (engine) => applyMigrationList(engine, readMigrationList(dir)));
}

/** Migrations, then the job queue's tables, queues and schedules: what every entry point needs. */
export async function prepareDatabase(url: string): Promise<string[]> {
  const applied = await migrate(url);
  await installJobQueue(url);
  return applied;
}

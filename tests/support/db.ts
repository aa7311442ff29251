import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import pg from "pg";

// The integration run's PostgreSQL server: global-setup migrates one template database on it, and
// every test file works in a clone of that template, so no file sees another's rows or jobs.

declare module "vitest" {
  export interface ProvidedContext {
    /** A connection URL to the run's server; its database part is replaced per use. */
    databaseServerUrl: string;
    /** The migrated database each test file's own database is cloned from. */
    templateDatabase: string;
  }
}

/** The URL of `database` on the run's server. */
export function databaseUrl(database: string, server = inject("databaseServerUrl")): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's maintenance database. */
export async function withAdmin<T>(
  work: (client: pg.Client) => Promise<T>,
  server = inject("databaseServerUrl"),
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl("postgres", server) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Any constant other than the ones scripts/lib/database.ts and Prisma's schema engine take. */
const CLONE_LOCK = 4_141_102;

export type FreshDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * A new database on the run's server: a clone of the migrated template (the default) or empty.
 * The name is unique to the call unless `name` is given (then an existing one is replaced).
 */
export async function freshDatabase(
  options: { name?: string; migrated?: boolean; server?: string } = {},
): Promise<FreshDatabase> {
  const server = options.server ?? inject("databaseServerUrl");
  const name = options.name ?? `fresh_${randomBytes(6).toString("hex")}`;
  const from = options.migrated === false ? "" : ` TEMPLATE ${inject("templateDatabase")}`;
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    // One clone at a time: PostgreSQL refuses to copy a template another CREATE DATABASE is
    // copying ("being accessed by other users"). Ends with the session.
    await admin.query("SELECT pg_advisory_lock($1)", [CLONE_LOCK]);
    await admin.query(`CREATE DATABASE ${name}${from}`);
  }, server);
  return {
    name,
    url: databaseUrl(name, server),
    // FORCE: a pool (the schema engine's, a stopped process's) may still hold an idle connection.
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), server).then(() => undefined),
  };
}

/** This test file's own database (setup-env.ts clones it), whatever DATABASE_URL says by now. */
export function fileDatabaseUrl(): string {
  const url = process.env.TEST_FILE_DATABASE_URL;
  if (!url) throw new Error("no test file database: tests/integration/setup-env.ts did not run");
  return url;
}

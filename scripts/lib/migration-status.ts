import pg from "pg";
import { checksumOf, latestSnapshot, MIGRATIONS_DIR, migrationNames, readSchema, SCHEMA_PATH } from "./migrations";
import { diffSql, withSchemaEngine } from "./schema-engine";

export type MigrationStatus = {
  pending: string[];
  modified: string[];
  missingLocally: string[];
  failed: string[];
  uncapturedSql: string;
};

type AppliedRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

async function appliedMigrations(url: string): Promise<AppliedRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query<{ present: boolean }>(
      "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
    );
    if (!exists.rows[0]?.present) return [];
    const { rows } = await client.query<AppliedRow>(
      "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at",
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Not just the engine's comments. */
export function hasStatements(sql: string): boolean {
  return sql.split("\n").some((line) => line.trim() !== "" && !line.trim().startsWith("--"));
}

export async function migrationStatus(
  url: string,
  dir = MIGRATIONS_DIR,
  schemaPath = SCHEMA_PATH,
): Promise<MigrationStatus> {
  const local = migrationNames(dir);
  const rows = (await appliedMigrations(url)).filter((r) => r.rolled_back_at === null);
  const done = rows.filter((r) => r.finished_at !== null);
  const doneNames = new Set(done.map((r) => r.migration_name));
  const schema = readSchema(schemaPath);
  const uncapturedSql = await withSchemaEngine(url, schema, (engine) => diffSql(engine, latestSnapshot(dir), schema));
  return {
    pending: local.filter((name) => !doneNames.has(name)),
    modified: done
      .filter((r) => local.includes(r.migration_name) && checksumOf(dir, r.migration_name) !== r.checksum)
      .map((r) => r.migration_name),
    missingLocally: done.filter((r) => !local.includes(r.migration_name)).map((r) => r.migration_name),
    failed: rows.filter((r) => r.finished_at === null).map((r) => r.migration_name),
    uncapturedSql: hasStatements(uncapturedSql) ? uncapturedSql : "",
  };
}

export function isClean(status: MigrationStatus): boolean {
  return (
    status.pending.length + status.modified.length + status.missingLocally.length + status.failed.length === 0 &&
    status.uncapturedSql === ""
  );
}

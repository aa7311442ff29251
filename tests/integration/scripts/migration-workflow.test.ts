import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrate } from "../../../scripts/lib/database";
import {
  latestSnapshot,
  MIGRATIONS_DIR,
  migrationNames,
  readSchema,
  SCHEMA_PATH,
  SNAPSHOT_FILE,
  writeMigration,
} from "../../../scripts/lib/migrations";
import { hasStatements, isClean, migrationStatus } from "../../../scripts/lib/migration-status";
import { diffSql, withSchemaEngine } from "../../../scripts/lib/schema-engine";
import { freshDatabase, withAdmin } from "@/tests/support/db";

// The developer workflow behind `npm run db:migration -- <name>` and `npm run db:status`, run on
// a throw-away copy of prisma/ so the repository's schema and migrations are never written.

const realMigrations = migrationNames();
const realSchema = readSchema();
const cleanups: (() => Promise<unknown> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  const left = await withAdmin((client) =>
    client.query("SELECT datname FROM pg_database WHERE datname LIKE 'migration\\_workflow\\_%'"),
  );
  expect(left.rows).toEqual([]);
  // The guard for the whole point of working on a copy.
  expect(migrationNames()).toEqual(realMigrations);
  expect(readSchema()).toBe(realSchema);
});

type Workspace = { migrationsDir: string; schemaPath: string };

function copyOfPrisma(): Workspace {
  const root = mkdtempSync(path.join(os.tmpdir(), "funnel-migrations-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const workspace = { migrationsDir: path.join(root, "migrations"), schemaPath: path.join(root, "schema.prisma") };
  cpSync(MIGRATIONS_DIR, workspace.migrationsDir, { recursive: true });
  copyFileSync(SCHEMA_PATH, workspace.schemaPath);
  return workspace;
}

/** An empty database on the run's server, dropped after the test. */
async function emptyDatabase(): Promise<string> {
  const fresh = await freshDatabase({ name: `migration_workflow_${randomBytes(6).toString("hex")}`, migrated: false });
  cleanups.push(fresh.drop);
  return fresh.url;
}

/** The steps of `db:migration -- <name>` in scripts/ops/db.ts, pointed at the copy. */
async function writeNextMigration(url: string, name: string, workspace: Workspace): Promise<string | null> {
  const schema = readSchema(workspace.schemaPath);
  const sql = await withSchemaEngine(url, schema, (engine) =>
    diffSql(engine, latestSnapshot(workspace.migrationsDir), schema),
  );
  if (!hasStatements(sql)) return null;
  return writeMigration(name, sql, schema, new Date(), workspace.migrationsDir);
}

function editSchema(workspace: Workspace, edit: (schema: string) => string): void {
  const before = readSchema(workspace.schemaPath);
  const after = edit(before);
  expect(after).not.toBe(before);
  writeFileSync(workspace.schemaPath, after);
}

const PROBE_MODEL = `
model MigrationProbe {
  id        Int      @id @default(autoincrement())
  label     String
  createdAt DateTime @default(now()) @map("created_at")

  @@index([label])
  @@map("migration_probes")
}
`;

describe("db:migration and db:status", () => {
  it("writes the next migration from schema.prisma; status shows it pending until it is applied", async () => {
    const workspace = copyOfPrisma();
    const url = await emptyDatabase();
    expect(await migrate(url, workspace.migrationsDir, workspace.schemaPath)).toEqual(realMigrations);
    expect(isClean(await migrationStatus(url, workspace.migrationsDir, workspace.schemaPath))).toBe(true);

    editSchema(workspace, (schema) => schema + PROBE_MODEL);
    const written = await writeNextMigration(url, "Add migration probes!", workspace);
    expect(written).toMatch(/^\d{14}_add_migration_probes$/);
    if (written === null) throw new Error("no migration written");
    expect(migrationNames(workspace.migrationsDir)).toEqual([...realMigrations, written]);
    const sql = readFileSync(path.join(workspace.migrationsDir, written, "migration.sql"), "utf8");
    expect(sql).toContain('CREATE TABLE "migration_probes"');
    expect(sql).toContain('"created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP');
    expect(sql).toContain('CREATE INDEX "migration_probes_label_idx" ON "migration_probes"("label")');
    // The next diff starts from this snapshot, so a second run finds nothing new to write.
    expect(readFileSync(path.join(workspace.migrationsDir, written, SNAPSHOT_FILE), "utf8")).toBe(
      readSchema(workspace.schemaPath),
    );
    // Only the latest migration keeps a snapshot.
    expect(existsSync(path.join(workspace.migrationsDir, realMigrations.at(-1) ?? "", SNAPSHOT_FILE))).toBe(false);
    expect(await writeNextMigration(url, "again", workspace)).toBeNull();

    const pending = await migrationStatus(url, workspace.migrationsDir, workspace.schemaPath);
    expect(pending).toEqual({ pending: [written], modified: [], missingLocally: [], failed: [], uncapturedSql: "" });
    expect(isClean(pending)).toBe(false);

    expect(await migrate(url, workspace.migrationsDir, workspace.schemaPath)).toEqual([written]);
    const applied = await migrationStatus(url, workspace.migrationsDir, workspace.schemaPath);
    expect(applied).toEqual({ pending: [], modified: [], missingLocally: [], failed: [], uncapturedSql: "" });
    expect(isClean(applied)).toBe(true);

    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      const { rows } = await probe.query<{ label: string }>(
        "INSERT INTO migration_probes (label) VALUES ('written by the new migration') RETURNING label",
      );
      expect(rows).toEqual([{ label: "written by the new migration" }]);
    } finally {
      await probe.end();
    }
    // Loading the WebAssembly schema engine and migrating from empty take seconds on a busy machine.
  }, 90_000);

  it("reports a schema.prisma change that no migration holds as drift", async () => {
    const workspace = copyOfPrisma();
    const url = await emptyDatabase();
    await migrate(url, workspace.migrationsDir, workspace.schemaPath);

    editSchema(workspace, (schema) =>
      schema.replace("model Prospect {\n", 'model Prospect {\n  probeNote String? @map("probe_note")\n'),
    );
    const status = await migrationStatus(url, workspace.migrationsDir, workspace.schemaPath);
    expect(status.uncapturedSql).toMatch(/ALTER TABLE "prospects" ADD COLUMN\s+"probe_note" TEXT;/);
    expect(status).toMatchObject({ pending: [], modified: [], missingLocally: [], failed: [] });
    expect(isClean(status)).toBe(false);
    expect(migrationNames(workspace.migrationsDir)).toEqual(realMigrations);
  });
});

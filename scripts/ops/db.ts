// npm run db:migrate | db:migration -- <name> | db:status: offline, on the WebAssembly schema
// engine (docs/decisions/0001); compatible with `prisma migrate deploy`.
import { loadConfigOrExit } from "../lib/load-config";
import { openDatabase, prepareDatabase } from "../lib/database";
import { latestSnapshot, readSchema, writeMigration } from "../lib/migrations";
import { hasStatements, isClean, migrationStatus } from "../lib/migration-status";
import { diffSql, withSchemaEngine } from "../lib/schema-engine";

const [command, name] = process.argv.slice(2);

async function run(url: string): Promise<number> {
  switch (command) {
    case "migrate": {
      const applied = await prepareDatabase(url);
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "No pending migrations.");
      return 0;
    }
    case "migration": {
      if (!name) {
        console.error("Usage: npm run db:migration -- <name>");
        return 2;
      }
      const schema = readSchema();
      const sql = await withSchemaEngine(url, schema, (engine) => diffSql(engine, latestSnapshot(), schema));
      if (!hasStatements(sql)) {
        console.log("schema.prisma has no changes since the last migration; nothing written.");
        return 0;
      }
      console.log(`Wrote prisma/migrations/${writeMigration(name, sql, schema)}/migration.sql`);
      return 0;
    }
    case "status": {
      const status = await migrationStatus(url);
      const report: [string, string[]][] = [
        ["Not yet applied to the database", status.pending],
        ["Edited after being applied (checksum differs)", status.modified],
        ["Applied but missing from prisma/migrations", status.missingLocally],
        ["Failed or still running", status.failed],
      ];
      for (const [label, names] of report) if (names.length) console.log(`${label}:\n  ${names.join("\n  ")}`);
      if (status.uncapturedSql) {
        console.log("schema.prisma has changes no migration holds (run npm run db:migration -- <name>):");
        console.log(status.uncapturedSql);
      }
      if (isClean(status)) console.log("Database schema is up to date: no drift.");
      return isClean(status) ? 0 : 1;
    }
    default:
      console.error("Usage: tsx scripts/ops/db.ts migrate | migration <name> | status");
      return 2;
  }
}

const config = loadConfigOrExit();
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  directDatabaseUrl: config.DIRECT_DATABASE_URL,
  dataDir: config.FUNNEL_DATA_DIR,
});
let code = 1;
try {
  // Session-level advisory locks: never through a transaction-mode pooler.
  code = await run(db.directUrl);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  await db.stop();
}
process.exit(code);

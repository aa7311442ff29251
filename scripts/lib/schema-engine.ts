// The native engine the Prisma CLI downloads is unreachable offline (docs/decisions/0001).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

const require = createRequire(import.meta.url);
let loaded = false;

function loadWasm(): void {
  if (loaded) return;
  const wasmPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/\.js$/, ".wasm");
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(wasmPath)), {
    "./schema_engine_bg.js": glue,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  loaded = true;
}

const NO_FILTER = { externalTables: [], externalEnums: [] };

export async function withSchemaEngine<T>(
  databaseUrl: string,
  schema: string,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  loadWasm();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: databaseUrl }));
  const engine = await glue.SchemaEngine.new({ datamodels: [["schema.prisma", schema]] }, () => undefined, adapter);
  try {
    return await work(engine);
  } finally {
    engine.free();
  }
}

export async function diffSql(engine: SchemaEngine, from: string | null, to: string): Promise<string> {
  const target = (content: string) => ({
    tag: "schemaDatamodel" as const,
    files: [{ path: "schema.prisma", content }],
  });
  const result = await engine.diff({
    from: from === null ? { tag: "empty" } : target(from),
    to: target(to),
    script: true,
    exitCode: null,
    filters: NO_FILTER,
  });
  return result.stdout ?? "";
}

export async function applyMigrationList(engine: SchemaEngine, list: MigrationList): Promise<string[]> {
  const out = await engine.applyMigrations({ migrationsList: list, filters: NO_FILTER });
  return out.appliedMigrationNames;
}

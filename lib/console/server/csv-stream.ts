import "server-only";
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import Cursor from "pg-cursor";
import type pg from "pg";
import { safeCsvText } from "@/lib/shared/csv-cell";
import { log } from "@/lib/platform/server/logger";

// Constant memory: the cursor reads the next batch only when csv-stringify has room.

const BATCH = 2_000;
const CHUNK_BYTES = 64 * 1024;

export type CsvSource = { connect: () => Promise<pg.PoolClient> };

// An abandoned download must not hold its snapshot for ever. SET LOCAL, not session settings:
// behind PgBouncer in transaction mode those would leak to other clients.
const EXPORT_TRANSACTION = `BEGIN READ ONLY;
SET LOCAL statement_timeout = 900000;
SET LOCAL idle_in_transaction_session_timeout = 900000`;

export type RowMapper = (row: unknown[]) => unknown[];

async function* cursorRows(
  source: CsvSource,
  sql: string,
  params: unknown[],
  mapRow: RowMapper,
): AsyncGenerator<unknown[]> {
  const client = await source.connect();
  let committed = false;
  try {
    await client.query(EXPORT_TRANSACTION);
    const cursor = client.query(new Cursor<unknown[]>(sql, params, { rowMode: "array" }));
    try {
      for (;;) {
        const rows = await cursor.read(BATCH);
        if (rows.length === 0) break;
        yield* rows.map(mapRow);
      }
    } finally {
      await cursor.close().catch(() => undefined);
    }
    await client.query("COMMIT");
    committed = true;
  } finally {
    // Discard a client that cannot roll back rather than hand it to the next export.
    const reusable =
      committed ||
      (await client.query("ROLLBACK").then(
        () => true,
        () => false,
      ));
    client.release(!reusable);
  }
}

export function csvStream(
  source: CsvSource,
  columns: readonly string[],
  sql: string,
  params: unknown[],
  /** Formats a row in JavaScript (money through lib/shared/money.ts) before it is quoted. */
  mapRow: RowMapper = (row) => row,
): ReadableStream<Uint8Array> {
  const csv = stringify({
    header: true,
    columns: [...columns],
    cast: {
      string: safeCsvText,
      date: (value) => value.toISOString(),
      boolean: (value) => (value ? "true" : "false"),
    },
  });
  // A failed query must end the download with an error, not leave it hanging.
  pipeline(Readable.from(cursorRows(source, sql, params, mapRow)), csv, (error) => {
    if (error) log.warn(`[csv-export] stopped: ${error.message}`);
  });
  const chunks: AsyncIterator<unknown> = csv[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    // One chunk per row would cost a million round trips through the web stream.
    async pull(controller) {
      try {
        const parts: Uint8Array[] = [];
        let size = 0;
        while (size < CHUNK_BYTES) {
          const next = await chunks.next();
          if (next.done) break;
          const part = typeof next.value === "string" ? encoder.encode(next.value) : next.value;
          if (!(part instanceof Uint8Array)) continue;
          parts.push(part);
          size += part.byteLength;
        }
        if (size > 0) controller.enqueue(Buffer.concat(parts, size));
        if (size < CHUNK_BYTES) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      csv.destroy();
      await chunks.return?.();
    },
  });
}

import "server-only";
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import Cursor from "pg-cursor";
import type pg from "pg";
import { safeCsvText } from "@/lib/shared/csv-cell";
import { log } from "@/lib/platform/server/logger";

// A query's rows as a streamed CSV body with constant memory: a server-side cursor hands over
// BATCH rows at a time, and the next batch is read only when csv-stringify has room for it (the
// pipe's back-pressure reaches back to the cursor through the async generator). A download of a
// million rows holds one batch and the stream buffers, never the result.

const BATCH = 2_000;
const CHUNK_BYTES = 64 * 1024;

export type CsvSource = { connect: () => Promise<pg.PoolClient> };

// A download nobody reads any more must not hold its snapshot for ever. SET LOCAL inside the
// export's own transaction, not session settings: behind PgBouncer in transaction mode a session
// setting would stay on a server connection other clients then get (and the pooler refuses the
// `options` startup parameter outright).
const EXPORT_TRANSACTION = `BEGIN READ ONLY;
SET LOCAL statement_timeout = 900000;
SET LOCAL idle_in_transaction_session_timeout = 900000`;

async function* cursorRows(source: CsvSource, sql: string, params: unknown[]): AsyncGenerator<unknown[]> {
  const client = await source.connect();
  let committed = false;
  try {
    await client.query(EXPORT_TRANSACTION);
    const cursor = client.query(new Cursor<unknown[]>(sql, params, { rowMode: "array" }));
    try {
      for (;;) {
        const rows = await cursor.read(BATCH);
        if (rows.length === 0) break;
        yield* rows;
      }
    } finally {
      // Closing the cursor ends its portal.
      await cursor.close().catch(() => undefined);
    }
    await client.query("COMMIT");
    committed = true;
  } finally {
    // A failed query or a reader that went away leaves the transaction open: roll it back, and
    // discard a client that cannot even do that rather than hand it to the next export.
    const reusable =
      committed ||
      (await client.query("ROLLBACK").then(
        () => true,
        () => false,
      ));
    client.release(!reusable);
  }
}

/** The CSV text of the query (header row first) as a web stream of UTF-8 bytes. */
export function csvStream(
  source: CsvSource,
  columns: readonly string[],
  sql: string,
  params: unknown[],
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
  // pipeline, not pipe: a failed query must end the download with an error, not leave it hanging.
  pipeline(Readable.from(cursorRows(source, sql, params)), csv, (error) => {
    if (error) log.warn(`[csv-export] stopped: ${error.message}`);
  });
  const chunks: AsyncIterator<unknown> = csv[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    // csv-stringify emits one small chunk per row; hand them on in ~64 KiB pieces, or a million
    // rows would cost a million round trips through the web stream.
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
      // The browser went away: stop reading, which closes the cursor and returns the connection.
      csv.destroy();
      await chunks.return?.();
    },
  });
}

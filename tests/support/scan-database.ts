import { getPool } from "@/lib/platform/server/db";

// Looks for values in clear in every text-like column of every table, found through
// information_schema, so a table added later is scanned without touching this test. JSON columns
// are searched as their text, which includes every nested value; arrays too. A partition's rows
// are read through its parent (the job queue's tables are partitioned by queue).

export type Hit = { table: string; column: string; rows: number; sample: string };

const TEXT_TYPES = ["text", "character varying", "character", "json", "jsonb", "ARRAY"];
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function scanDatabase(needles: string[], schemas: string[] = ["public"]): Promise<Hit[]> {
  const pool = getPool();
  const { rows: columns } = await pool.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       JOIN pg_class r ON r.oid = format('%I.%I', c.table_schema, c.table_name)::regclass
      WHERE c.table_schema = ANY($1) AND t.table_type = 'BASE TABLE' AND c.data_type = ANY($2) AND NOT r.relispartition
      ORDER BY 1, 2, 3`,
    [schemas, TEXT_TYPES],
  );
  const patterns = needles.map(
    (needle) => `%${needle.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`,
  );
  const hits: Hit[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const table = `${quoteIdent(table_schema)}.${quoteIdent(table_name)}`;
    const column = quoteIdent(column_name);
    const { rows } = await pool.query<{ n: string; sample: string | null }>(
      `SELECT count(*) AS n, min(left(${column}::text, 120)) AS sample FROM ${table} WHERE ${column}::text ILIKE ANY($1)`,
      [patterns],
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) {
      hits.push({
        table: `${table_schema === "public" ? "" : `${table_schema}.`}${table_name}`,
        column: column_name,
        rows: n,
        sample: rows[0]?.sample ?? "",
      });
    }
  }
  return hits;
}

/** How many text-like columns the scan covers (so a test can say it scanned something). */
export async function scannedColumnCount(schemas: string[] = ["public"]): Promise<number> {
  const { rows } = await getPool().query<{ n: string }>(
    `SELECT count(*) AS n FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       JOIN pg_class r ON r.oid = format('%I.%I', c.table_schema, c.table_name)::regclass
      WHERE c.table_schema = ANY($1) AND t.table_type = 'BASE TABLE' AND c.data_type = ANY($2) AND NOT r.relispartition`,
    [schemas, TEXT_TYPES],
  );
  return Number(rows[0]?.n ?? 0);
}

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
  // One pass over each table for all its columns: a query per column read the same rows many times.
  const tables = new Map<string, { schema: string; table: string; columns: string[] }>();
  for (const { table_schema, table_name, column_name } of columns) {
    const key = `${quoteIdent(table_schema)}.${quoteIdent(table_name)}`;
    const entry = tables.get(key) ?? { schema: table_schema, table: table_name, columns: [] };
    entry.columns.push(column_name);
    tables.set(key, entry);
  }
  const hits: Hit[] = [];
  for (const [table, { schema, table: name, columns: names }] of tables) {
    const aggregates = names.flatMap((columnName, i) => {
      const matches = `${quoteIdent(columnName)}::text ILIKE ANY($1)`;
      return [
        `count(*) FILTER (WHERE ${matches}) AS n${i}`,
        `min(left(${quoteIdent(columnName)}::text, 120)) FILTER (WHERE ${matches}) AS s${i}`,
      ];
    });
    const { rows } = await pool.query<Record<string, string | null>>(`SELECT ${aggregates.join(", ")} FROM ${table}`, [
      patterns,
    ]);
    names.forEach((columnName, i) => {
      const n = Number(rows[0]?.[`n${i}`] ?? 0);
      if (n > 0) {
        hits.push({
          table: `${schema === "public" ? "" : `${schema}.`}${name}`,
          column: columnName,
          rows: n,
          sample: rows[0]?.[`s${i}`] ?? "",
        });
      }
    });
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

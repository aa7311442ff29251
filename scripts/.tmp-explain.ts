import pg from "pg";
import { openDemoDatabase } from "./lib/demo-database";
const db = await openDemoDatabase("funnel_demo", { create: false });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const q = process.argv[2]!;
for (const sql of q.split(";;")) {
  const { rows } = await client.query(sql);
  console.log(rows.map((r) => Object.values(r).join(" ")).join("\n"));
}
await client.end();
await db.stop();

// Its own database (funnel_demo by default) on the funnel's server, never the funnel's own.
import pg from "pg";
import { loadConfigOrExit } from "./load-config";
import { migrate, openDatabase } from "./database";

export const DEFAULT_DEMO_DATABASE = "funnel_demo";
/** Seeding refuses to empty a database with rows that lacks it. */
export const DEMO_MARKER = "fast-forward demo data set (npm run db:seed-demo)";

export type DemoDatabase = { url: string; stop: () => Promise<void> };

const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
};

export async function openDemoDatabase(name: string, options: { create: boolean }): Promise<DemoDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`--database: "${name}" is not a plain database name`);
  const config = loadConfigOrExit();
  const server = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.FUNNEL_DATA_DIR });
  try {
    if (databaseOf(server.url) === name)
      throw new Error(`--database: "${name}" is the funnel's own database; the demo data set goes elsewhere`);
    const admin = new pg.Client({ connectionString: withDatabase(server.url, "postgres") });
    await admin.connect();
    try {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (!rowCount) {
        if (!options.create) throw new Error(`database "${name}" does not exist: run npm run db:seed-demo first`);
        await admin.query(`CREATE DATABASE ${name}`);
      }
    } finally {
      await admin.end();
    }
    const url = withDatabase(server.url, name);
    if (options.create) await migrate(url);
    return { url, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Runs `run` with a pool of `connections` on the seeded demo database, and closes both after it. */
export async function withDemoPool<T>(
  name: string,
  connections: number,
  run: (pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const demo = await openDemoDatabase(name, { create: false });
  const pool = new pg.Pool({ connectionString: demo.url, max: connections });
  try {
    return await run(pool);
  } finally {
    await pool.end();
    await demo.stop();
  }
}

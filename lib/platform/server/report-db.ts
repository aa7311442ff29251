import "server-only";
import type pg from "pg";
import { getPool } from "@/lib/platform/server/db";

// Reports run plain SQL on a pool or a client: the console passes nothing (the funnel's pool),
// the benchmark passes its own pool on the demo database.
export type ReportDb = Pick<pg.Pool, "query">;

export const defaultReportDb = (): ReportDb => getPool();

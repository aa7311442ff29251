import "server-only";
import type pg from "pg";
import { getPool } from "@/lib/platform/server/db";

// The benchmark passes its own pool on the demo database.
export type ReportDb = Pick<pg.Pool, "query">;

export const defaultReportDb = (): ReportDb => getPool();

import "server-only";
import { orderView, type OrderFilters } from "@/lib/console/shared/order-filters";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { defaultReportDb } from "@/lib/platform/server/report-db";
import { csvStream } from "./csv-stream";
import { claimExportSlot } from "./export-pool";
import { ORDER_EXPORT_COLUMNS, orderExportQuery, orderExportRows } from "./order-exports";

// Audited before the first byte is streamed, so a download cut short still leaves its record.

export async function streamOrderExport(
  filters: OrderFilters,
  who: { operatorId: string; ip: string | null },
): Promise<Response> {
  const pool = claimExportSlot();
  const query = orderExportQuery(filters);
  const counted = await defaultReportDb().query<{ n: string }>(
    `SELECT count(*) AS n FROM (${query.sql}) x`,
    query.params,
  );
  const rows = Number(counted.rows[0]?.n ?? 0);
  const { q, product, refunded, disputed } = filters;
  await recordAudit({
    operatorId: who.operatorId,
    action: "export.orders",
    targetType: "orders",
    // The audit log outlives erasure, so it records that a search was exported, not what it was.
    details: {
      filter: { status: orderView(filters), product, refunded, disputed, ...(q ? { q: "(search)" } : {}) },
      rows,
    },
    ip: who.ip,
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const sql = `${query.sql} ${query.order}`;
  return new Response(csvStream(pool, ORDER_EXPORT_COLUMNS, sql, query.params, await orderExportRows()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Export-Rows": String(rows),
    },
  });
}

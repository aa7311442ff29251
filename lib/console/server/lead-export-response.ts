import "server-only";
import { leadFilterQuery, type LeadFilter } from "@/lib/leads/shared/lead-filter";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { csvStream } from "./csv-stream";
import { claimExportSlot } from "./export-pool";
import { exportQuery, exportRowCount, exportSql, type ExportKind } from "./lead-exports";
import { orderExportRows } from "./order-exports";

// Audited before the first byte is streamed, so a download cut short still leaves its record.

export async function streamLeadExport(
  kind: ExportKind,
  filter: LeadFilter,
  who: { operatorId: string; ip: string | null },
): Promise<Response> {
  const pool = claimExportSlot();
  const query = exportQuery(kind, filter, kind === "orders" ? await orderExportRows() : undefined);
  const rows = await exportRowCount(query);
  await recordAudit({
    operatorId: who.operatorId,
    action: `export.${kind}`,
    targetType: "leads",
    // The audit log outlives erasure, so it records that a search was exported, not what it was.
    details: { filter: { ...leadFilterQuery(filter), ...(filter.q ? { q: "(search)" } : {}) }, rows },
    ip: who.ip,
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return new Response(csvStream(pool, query.columns, exportSql(query), query.params, query.mapRow), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Export-Rows": String(rows),
    },
  });
}

import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { ApiError } from "@/lib/platform/shared/api-error";
import { canCancel, type BroadcastStatus } from "@/lib/lifecycle/shared/broadcast-input";
import type { BroadcastEditor } from "@/lib/lifecycle/server/save-broadcast";

// Cancelling waits for a batch being sent (it holds the broadcast's row) and then skips every
// pending recipient, so nothing more is queued. E-mails already queued still go out.

export async function cancelBroadcast(id: string, editor: BroadcastEditor): Promise<{ skipped: number }> {
  return getDb().$transaction(async (tx) => {
    const [row] = await tx.$queryRawUnsafe<{ status: BroadcastStatus }[]>(
      "SELECT status::text AS status FROM broadcasts WHERE id = $1::uuid FOR UPDATE",
      id,
    );
    if (!row) throw new ApiError("not_found", "No such broadcast.");
    if (!canCancel(row.status))
      throw new ApiError("conflict", "Only a scheduled or sending broadcast can be cancelled.");
    const skipped = await tx.$executeRawUnsafe(
      "UPDATE broadcast_recipients SET state = 'SKIPPED' WHERE broadcast_id = $1::uuid AND state = 'PENDING'",
      id,
    );
    await tx.broadcast.update({
      where: { id },
      data: { status: "CANCELLED", skippedCount: { increment: skipped }, finishedAt: new Date() },
    });
    await recordAudit(
      {
        operatorId: editor.operatorId,
        action: "broadcast.cancel",
        targetType: "broadcast",
        targetId: id,
        details: { was: row.status, skipped },
        ip: editor.ip,
      },
      tx,
    );
    return { skipped };
  });
}

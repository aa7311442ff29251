import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { ApiError } from "@/lib/platform/shared/api-error";
import { broadcastScheduleSchema } from "@/lib/lifecycle/shared/broadcast-input";
import type { BroadcastEditor } from "@/lib/lifecycle/server/save-broadcast";

// A draft becomes SCHEDULED for a time (now when none is given). The broadcast job takes the
// audience when that time comes, so a lead who joins the segment before then gets it too.

export async function scheduleBroadcast(
  id: string,
  input: unknown,
  editor: BroadcastEditor,
  now = new Date(),
): Promise<Date> {
  const parsed = broadcastScheduleSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("invalid_request", parsed.error.issues[0]!.message);
  const at = parsed.data.at === null ? now : new Date(parsed.data.at);
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.broadcast.updateMany({
      where: { id, status: "DRAFT" },
      data: { status: "SCHEDULED", scheduledAt: at },
    });
    if (count === 0) {
      const exists = await tx.broadcast.count({ where: { id } });
      throw exists
        ? new ApiError("conflict", "Only a draft can be scheduled.")
        : new ApiError("not_found", "No such broadcast.");
    }
    await recordAudit(
      {
        operatorId: editor.operatorId,
        action: "broadcast.schedule",
        targetType: "broadcast",
        targetId: id,
        details: { scheduledAt: at.toISOString() },
        ip: editor.ip,
      },
      tx,
    );
    // The minute's run would start it anyway; this starts one that is due at once.
    if (at <= now) await sendJob(QUEUES.broadcasts, {}, {}, tx);
    return at;
  });
}

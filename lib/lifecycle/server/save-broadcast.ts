import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { ApiError } from "@/lib/platform/shared/api-error";
import { leadFilterQuery } from "@/lib/leads/shared/lead-filter";
import { broadcastInputSchema, canEdit } from "@/lib/lifecycle/shared/broadcast-input";

// A new draft, or a change to one; audited in the same transaction. The segment is stored as the
// leads list's query string fields, so it reads back through the same schema.

export type BroadcastEditor = { operatorId: string; ip?: string | null };

/** `id` null: a new draft. Answers the draft's id. */
export async function saveBroadcast(id: string | null, input: unknown, editor: BroadcastEditor): Promise<string> {
  const parsed = broadcastInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("invalid_request", parsed.error.issues[0]!.message);
  const { segment, ...copy } = parsed.data;
  const data = { ...copy, segment: leadFilterQuery(segment) };
  return getDb().$transaction(async (tx) => {
    if (id) {
      const [row] = await tx.$queryRawUnsafe<{ status: "DRAFT" }[]>(
        "SELECT status::text AS status FROM broadcasts WHERE id = $1::uuid FOR UPDATE",
        id,
      );
      if (!row) throw new ApiError("not_found", "No such broadcast.");
      if (!canEdit(row.status)) throw new ApiError("conflict", "Only a draft can be changed.");
      await tx.broadcast.update({ where: { id }, data });
    } else {
      id = (await tx.broadcast.create({ data: { ...data, createdBy: editor.operatorId }, select: { id: true } })).id;
    }
    await recordAudit(
      {
        operatorId: editor.operatorId,
        action: "broadcast.save",
        targetType: "broadcast",
        targetId: id,
        details: { name: copy.name, subject: copy.subject, segment: data.segment, ratePerMinute: copy.ratePerMinute },
        ip: editor.ip,
      },
      tx,
    );
    return id;
  });
}

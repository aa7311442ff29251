import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import type { ExclusionKind } from "@/lib/shared/excluded-rows";

// Flags a lead or an order as test or spam, or clears the flag; the other rows keep theirs. The
// write moves updated_at, which makes the funnel rollup recount the row's day.

export type ExclusionTarget = "lead" | "order";
export type ExclusionActor = { operatorId: string; ip: string };

export async function setExclusion(
  target: ExclusionTarget,
  id: string,
  excludedAs: ExclusionKind | null,
  actor: ExclusionActor,
): Promise<{ excludedAs: ExclusionKind | null }> {
  return getDb().$transaction(async (tx) => {
    const rows =
      target === "lead"
        ? await tx.$queryRaw<{ was: string | null }[]>`
            SELECT excluded_as::text AS was FROM prospects WHERE id = ${id}::uuid FOR UPDATE`
        : await tx.$queryRaw<{ was: string | null }[]>`
            SELECT excluded_as::text AS was FROM orders WHERE id = ${id}::uuid FOR UPDATE`;
    const row = rows[0];
    if (!row) throw new ApiError("not_found", `No ${target} has this id.`);
    if (row.was === excludedAs) return { excludedAs };
    const data = {
      excludedAs,
      excludedBy: excludedAs ? actor.operatorId : null,
      excludedAt: excludedAs ? new Date() : null,
    };
    if (target === "lead") await tx.prospect.update({ where: { id }, data });
    else await tx.order.update({ where: { id }, data });
    await recordAudit(
      {
        operatorId: actor.operatorId,
        action: excludedAs ? `${target}.flag` : `${target}.unflag`,
        targetType: target,
        targetId: id,
        details: { excludedAs, was: row.was },
        ip: actor.ip,
      },
      tx,
    );
    return { excludedAs };
  });
}

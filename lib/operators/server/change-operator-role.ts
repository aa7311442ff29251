import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { lockOwners } from "@/lib/operators/server/lock-owners";
import type { Operator } from "@/lib/operators/server/require-operator";
import type { OperatorRole } from "@/lib/operators/shared/permissions";

// Nobody changes their own role, so an owner cannot lock themselves out and one owner always remains.

export async function changeOperatorRole(
  operatorId: string,
  role: OperatorRole,
  actor: { operator: Operator; ip: string | null },
): Promise<{ role: OperatorRole }> {
  if (operatorId === actor.operator.id) {
    throw new ApiError("conflict", "You cannot change your own role. Ask another owner.");
  }
  return getDb().$transaction(async (tx) => {
    const owners = await lockOwners(tx, actor.operator.id);
    const target = await tx.operatorUser.findUnique({ where: { id: operatorId }, select: { role: true } });
    if (!target) throw new ApiError("not_found", "No such operator.");
    if (target.role === role) return { role };
    if (owners.has(operatorId) && owners.size <= 1) {
      throw new ApiError("conflict", "The console needs at least one owner.");
    }
    await tx.operatorUser.update({ where: { id: operatorId }, data: { role } });
    await recordAudit(
      {
        operatorId: actor.operator.id,
        action: "operator.role_change",
        targetType: "operator",
        targetId: operatorId,
        details: { from: target.role, to: role },
        ip: actor.ip,
      },
      tx,
    );
    return { role };
  });
}

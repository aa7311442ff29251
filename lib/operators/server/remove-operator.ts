import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { lockOwners } from "@/lib/operators/server/lock-owners";
import { notifyOperator } from "@/lib/operators/server/notify-operator";
import type { Operator } from "@/lib/operators/server/require-operator";

// Access ends at once (no cookie cache). Only an owner removes, never themselves, so one owner remains.
// The removed operator is told, so a removal they did not expect is noticed.

export async function removeOperator(
  operatorId: string,
  actor: { operator: Operator; ip: string | null },
): Promise<void> {
  if (operatorId === actor.operator.id) {
    throw new ApiError("conflict", "You cannot remove yourself. Ask another operator.");
  }
  await getDb().$transaction(async (tx) => {
    const owners = await lockOwners(tx, actor.operator.id);
    if (owners.has(operatorId) && owners.size <= 1) throw new ApiError("conflict", "The console needs an owner.");
    const target = await tx.operatorUser.findUnique({ where: { id: operatorId }, select: { email: true, name: true } });
    if (!target) throw new ApiError("not_found", "No such operator.");
    const sessions = await tx.operatorSession.count({ where: { userId: operatorId } });
    await tx.operatorVerification.deleteMany({ where: { value: operatorId } });
    await tx.operatorUser.delete({ where: { id: operatorId } });
    await recordAudit(
      {
        operatorId: actor.operator.id,
        action: "operator.remove",
        targetType: "operator",
        targetId: operatorId,
        details: { email: target.email, sessionsEnded: sessions },
        ip: actor.ip,
      },
      tx,
    );
    await notifyOperator(target, { kind: "operator_removed", by: actor.operator.email }, actor.ip, tx);
  });
}

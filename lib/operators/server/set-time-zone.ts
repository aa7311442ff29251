import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";

// The zone the console shows one operator's dates in; null falls back to CONSOLE_TIME_ZONE.

export async function setOperatorTimeZone(
  operatorId: string,
  timeZone: string | null,
  ip: string,
): Promise<{ timeZone: string | null }> {
  await getDb().$transaction(async (tx) => {
    await tx.operatorUser.update({ where: { id: operatorId }, data: { timeZone } });
    await recordAudit(
      {
        operatorId,
        action: "operator.time_zone",
        targetType: "operator",
        targetId: operatorId,
        details: { timeZone },
        ip,
      },
      tx,
    );
  });
  return { timeZone };
}

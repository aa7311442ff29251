import { getDb } from "@/lib/platform/server/db";

// What a buyer's self-service change leaves for the operators and the CRM: the audit rows on the
// order and the outgoing `subscription.updated` events about it.

export async function buyerChangesOf(orderId: string) {
  const db = getDb();
  const audit = await db.auditLog.findMany({
    where: { targetType: "order", targetId: orderId, action: { startsWith: "billing." } },
    orderBy: { id: "asc" },
  });
  const events = await db.webhookEvent.findMany({
    where: { type: "subscription.updated", payload: { path: ["data", "transactionId"], equals: orderId } },
    orderBy: { createdAt: "asc" },
  });
  return {
    audit: audit.map((row) => ({ action: row.action, operatorId: row.operatorId, details: row.details })),
    events: events.map((row) => (row.payload as { data: { change: unknown; cancelAtPeriodEnd: boolean } }).data),
  };
}

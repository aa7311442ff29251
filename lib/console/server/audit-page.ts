import "server-only";
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { decodeSerialCursor, encodeCursor } from "@/lib/shared/keyset-cursor";
import { escapeLike } from "@/lib/shared/like-pattern";
import { capCount, COUNT_CAP, type ListCount } from "@/lib/shared/list-count";

// Keyset pagination on (at, id), so a page costs the same however deep.

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  action: z
    .string()
    .max(100)
    .regex(/^[a-z_.]+$/)
    .optional()
    .catch(undefined),
  operator: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .catch(undefined),
  /** Actor (operator e-mail), action or target contains; trigram indexes need 3 characters. */
  q: z.string().trim().min(3).max(100).optional().catch(undefined),
  before: z.string().max(40).optional().catch(undefined),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export type AuditRow = {
  id: string;
  at: Date;
  action: string;
  who: string;
  target: string | null;
  ip: string | null;
  details: string | null;
};

async function filterWhere(query: AuditQuery): Promise<Prisma.AuditLogWhereInput[]> {
  const where: Prisma.AuditLogWhereInput[] = [];
  if (query.action) where.push({ action: query.action });
  if (query.operator) where.push({ operatorId: query.operator });
  if (query.q) {
    const contains = { contains: escapeLike(query.q), mode: "insensitive" as const };
    // Operators are few: their ids stand in for an e-mail match, as actor or as target.
    const operators = await getDb().operatorUser.findMany({ where: { email: contains }, select: { id: true } });
    const ids = operators.map((operator) => operator.id);
    where.push({
      OR: [
        { action: contains },
        { targetId: contains },
        ...(ids.length ? [{ operatorId: { in: ids } }, { targetType: "operator", targetId: { in: ids } }] : []),
      ],
    });
  }
  return where;
}

export async function countAuditEntries(query: AuditQuery): Promise<ListCount> {
  const where = { AND: await filterWhere(query) };
  return capCount(await getDb().auditLog.count({ where, take: COUNT_CAP + 1 }));
}

export async function readAuditPage(
  query: AuditQuery,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const cursor = decodeSerialCursor(query.before);
  const where: Prisma.AuditLogWhereInput = {
    AND: [
      ...(await filterWhere(query)),
      ...(cursor ? [{ OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }] }] : []),
    ],
  };
  const db = getDb();
  const entries = await db.auditLog.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = entries.slice(0, limit);
  const operatorIds = new Set<string>();
  for (const entry of page) {
    if (entry.operatorId) operatorIds.add(entry.operatorId);
    if (entry.targetType === "operator" && entry.targetId) operatorIds.add(entry.targetId);
  }
  const operators = await db.operatorUser.findMany({
    where: { id: { in: [...operatorIds] } },
    select: { id: true, email: true },
  });
  const emailOf = new Map(operators.map((operator) => [operator.id, operator.email]));
  const rows = page.map((entry) => ({
    id: entry.id.toString(),
    at: entry.at,
    action: entry.action,
    who: entry.operatorId
      ? (emailOf.get(entry.operatorId) ?? `removed operator ${entry.operatorId}`)
      : whoElse(entry.details),
    target: targetOf(entry.targetType, entry.targetId, emailOf),
    ip: entry.ip,
    details: detailsText(entry.details),
  }));
  const last = page.at(-1);
  return { rows, next: entries.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null };
}

function whoElse(details: Prisma.JsonValue): string {
  const actor = details && typeof details === "object" && !Array.isArray(details) ? details.actor : undefined;
  return actor === "cli" ? "command line" : "system";
}

function targetOf(type: string | null, id: string | null, emailOf: Map<string, string>): string | null {
  if (!type) return null;
  if (type === "operator" && id) return `operator ${emailOf.get(id) ?? id}`;
  return id ? `${type} ${id}` : type;
}

function detailsText(details: Prisma.JsonValue): string | null {
  if (!details || typeof details !== "object" || Array.isArray(details) || Object.keys(details).length === 0)
    return null;
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

export async function auditFilterOptions(): Promise<{ actions: string[]; operators: { id: string; email: string }[] }> {
  const db = getDb();
  const [actions, operators] = await Promise.all([
    db.auditLog.groupBy({ by: ["action"], orderBy: { action: "asc" } }),
    db.operatorUser.findMany({ select: { id: true, email: true }, orderBy: { email: "asc" } }),
  ]);
  return { actions: actions.map((row) => row.action), operators };
}

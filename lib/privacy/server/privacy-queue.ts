import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { CLOSED_PRIVACY_STATUSES } from "@/lib/privacy/shared/deadlines";
import { encodeCursor, type KeysetCursor } from "@/lib/shared/keyset-cursor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { escapeLike } from "@/lib/shared/like-pattern";
import { isUuid } from "@/lib/shared/uuid";
import { capCount, COUNT_CAP, type ListCount } from "@/lib/shared/list-count";

// Keyset paging, so a long backlog pages as fast as a short one.

export const QUEUE_PAGE_SIZE = 50;
export type QueueFilter = "open" | "completed";

export type QueueRow = {
  id: string;
  email: string;
  name: string;
  requestType: string;
  status: string;
  respondBy: Date;
  createdAt: Date;
  completedAt: Date | null;
  verifiedAt: Date | null;
  verifyExpiresAt: Date | null;
};

const closed = CLOSED_PRIVACY_STATUSES.map((status) => ({ status: { equals: status, mode: "insensitive" as const } }));

/** The search box: e-mail contains (trigram index), the reference (the request's id) or a status. */
function searchWhere(q: string | undefined): Prisma.PrivacyRequestWhereInput[] {
  if (!q) return [];
  const text = q.trim().toLowerCase();
  const or: Prisma.PrivacyRequestWhereInput[] = [
    { email: { contains: escapeLike(text), mode: "insensitive" } },
    // Statuses are few and written in any case; the table is small enough to read them all.
    { status: { equals: escapeLike(text), mode: "insensitive" } },
  ];
  if (isUuid(text)) or.push({ id: text });
  return [{ OR: or }];
}

function queueWhere(filter: QueueFilter, q: string | undefined, now: Date): Prisma.PrivacyRequestWhereInput {
  // A request whose verification link lapsed unused can never be acted on: it is listed as closed.
  // "not null" too, so NOT(...) stays true rather than SQL's unknown for rows without a link.
  const lapsed: Prisma.PrivacyRequestWhereInput = { verifiedAt: null, verifyExpiresAt: { not: null, lte: now } };
  return {
    ...(filter === "open" ? { NOT: [...closed, lapsed] } : { OR: [...closed, lapsed] }),
    AND: searchWhere(q),
  };
}

export async function countPrivacyQueue(filter: QueueFilter, q?: string, now = new Date()): Promise<ListCount> {
  return capCount(await getDb().privacyRequest.count({ where: queueWhere(filter, q, now), take: COUNT_CAP + 1 }));
}

export async function privacyQueue(
  filter: QueueFilter,
  after: KeysetCursor | null,
  now = new Date(),
  q?: string,
): Promise<{ rows: QueueRow[]; next: string | null }> {
  const base = queueWhere(filter, q, now);
  const where: Prisma.PrivacyRequestWhereInput = {
    ...base,
    ...(after
      ? {
          AND: [
            ...searchWhere(q),
            { OR: [{ respondBy: { gt: after.at } }, { respondBy: after.at, id: { gt: after.id } }] },
          ],
        }
      : {}),
  };
  const rows = await getDb().privacyRequest.findMany({
    where,
    orderBy: [{ respondBy: "asc" }, { id: "asc" }],
    take: QUEUE_PAGE_SIZE + 1,
    select: {
      id: true,
      email: true,
      name: true,
      requestType: true,
      status: true,
      respondBy: true,
      createdAt: true,
      completedAt: true,
      verifiedAt: true,
      verifyExpiresAt: true,
    },
  });
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > QUEUE_PAGE_SIZE && last ? encodeCursor({ at: last.respondBy, id: last.id }) : null,
  };
}

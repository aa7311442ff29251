import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/platform/shared/api-error";

// Two owners removing or demoting each other at once must not leave the console without one: the
// owner rows are locked, so the second change sees the first.

/** Locks the owners' rows; refuses unless the actor is still one of them. Answers their ids. */
export async function lockOwners(tx: Prisma.TransactionClient, actorId: string): Promise<Set<string>> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM operator_users WHERE role = 'owner' ORDER BY id FOR UPDATE`;
  const owners = new Set(rows.map((row) => row.id));
  if (!owners.has(actorId)) throw new ApiError("forbidden");
  return owners;
}

import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { HOUR_MS } from "@/lib/shared/dates";

// The demo gateway's time: the real time plus the hours the clock was advanced (one row), so a
// demonstration or a test can reach a renewal without waiting a month, as Stripe's test clocks do.

type Db = Pick<Prisma.TransactionClient, "demoClock">;

export async function demoAdvancedHours(db: Db = getDb()): Promise<number> {
  return (await db.demoClock.findUnique({ where: { id: 1 } }))?.advancedHours ?? 0;
}

export async function demoNow(db: Db = getDb()): Promise<Date> {
  return new Date(Date.now() + (await demoAdvancedHours(db)) * HOUR_MS);
}

/** Moves the clock on by whole days (a single upsert, so two advances add up); answers the new time. */
export async function advanceDemoClock(days: number, db: Db = getDb()): Promise<Date> {
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new RangeError("days must be 1 to 3660");
  const row = await db.demoClock.upsert({
    where: { id: 1 },
    create: { id: 1, advancedHours: days * 24 },
    update: { advancedHours: { increment: days * 24 } },
  });
  return new Date(Date.now() + row.advancedHours * HOUR_MS);
}

import "server-only";

// The one way a booking loses a race: PostgreSQL's exclusion constraint bookings_no_overlap
// refuses the insert or move (SQLSTATE 23P01). Prisma wraps the driver's error in its own,
// with the code under meta.driverAdapterError.cause, so the chain is searched for it.

const EXCLUSION_VIOLATION = "23P01";

export function isSlotConflict(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length && seen < 20; seen++) {
    const current = queue.shift();
    if (typeof current !== "object" || current === null) continue;
    const record = current as Record<string, unknown>;
    if (record.code === EXCLUSION_VIOLATION || record.originalCode === EXCLUSION_VIOLATION) return true;
    queue.push(record.meta, record.driverAdapterError, record.cause);
  }
  return false;
}

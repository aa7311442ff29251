// "Unreachable" (503) rather than a bug (500): Prisma's connection and pool codes, and low-level
// driver errors surfacing unwrapped.
const UNAVAILABLE_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P03",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (
      typeof message === "string" &&
      /Can't reach database server|Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Query read timeout/i.test(
        message,
      )
    )
      return true;
    current = cause;
  }
  return false;
}

// Prisma wraps the driver's error, so the chain is searched for the code.
const EXCLUSION_VIOLATION = "23P01";

export function isExclusionViolation(error: unknown): boolean {
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

/** Prisma's unique-constraint failure (P2002). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

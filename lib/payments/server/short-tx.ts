import "server-only";

/** A busy pool shared with tracking may make them wait longer than Prisma's 2 s default. */
export const SHORT_TX = { maxWait: 10_000, timeout: 10_000 } as const;

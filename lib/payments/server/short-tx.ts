import "server-only";

/**
 * Options of the payments' short transactions (never open across a provider call): they are
 * short, but a busy pool of 10 shared with tracking may make them wait for a connection longer
 * than Prisma's 2 s default.
 */
export const SHORT_TX = { maxWait: 10_000, timeout: 10_000 } as const;

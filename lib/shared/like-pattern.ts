// A search text inside a LIKE pattern, its own % _ \ taken literally. Prisma's `contains` does not
// escape them either, so its callers pass `escapeLike(text)`.

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

// How many rows a console list's filter matches. Counted up to a cap, so a broad filter over a
// million rows reads at most the cap's worth of index entries and says "more than", never a guess.

const formatCount = (n: number) => n.toLocaleString("en-US");

export const COUNT_CAP = 10_000;

export type ListCount = { count: number; capped: boolean };

/** `counted` is from a count limited to COUNT_CAP + 1 rows. */
export function capCount(counted: number): ListCount {
  return counted > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: counted, capped: false };
}

export function matchText({ count, capped }: ListCount, noun: { one: string; many: string }): string {
  if (capped) return `More than ${formatCount(COUNT_CAP)} ${noun.many} match`;
  return count === 1 ? `1 ${noun.one} matches` : `${formatCount(count)} ${noun.many} match`;
}

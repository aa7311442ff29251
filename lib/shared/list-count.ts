// How many rows a console list's filter matches. Counted up to a cap, so a broad filter over a
// million rows reads at most the cap's worth of index entries and says "more than", never a guess.

export const COUNT_CAP = 10_000;

export type ListCount = { count: number; capped: boolean };

/** `counted` is from a count limited to cap + 1 rows; a capped count holds the cap. */
export function capCount(counted: number, cap = COUNT_CAP): ListCount {
  return counted > cap ? { count: cap, capped: true } : { count: counted, capped: false };
}

import { DAY_MS, floorDay, ceilDay } from "@/lib/shared/dates";

// How a report range splits between the daily rollup and live counting: whole UTC days the
// rollup covers are summed from it, everything else (partial days at either end, days not yet
// rolled up such as today) is counted live. Pure, so the boundaries are unit-tested.

export type RangePiece = { source: "rollup" | "live"; from: Date; to: Date };

/** `covered` holds the rolled-up days as midnights (ms); the pieces are in order and adjacent. */
export function rangePieces(from: Date, to: Date, covered: ReadonlySet<number>): RangePiece[] {
  const pieces: RangePiece[] = [];
  const add = (source: RangePiece["source"], start: number, end: number) => {
    if (end <= start) return;
    const last = pieces.at(-1);
    if (last && last.source === source && last.to.getTime() === start) last.to = new Date(end);
    else pieces.push({ source, from: new Date(start), to: new Date(end) });
  };
  const [start, end] = [from.getTime(), to.getTime()];
  const [firstDay, lastDay] = [ceilDay(start), floorDay(end)];
  if (firstDay >= lastDay) {
    add("live", start, end);
    return pieces;
  }
  add("live", start, firstDay);
  for (let day = firstDay; day < lastDay; day += DAY_MS) add(covered.has(day) ? "rollup" : "live", day, day + DAY_MS);
  add("live", lastDay, end);
  return pieces;
}

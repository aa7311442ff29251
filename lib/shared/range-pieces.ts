import { DAY_MS, floorDay, ceilDay } from "@/lib/shared/dates";

// Pure, so the boundaries are unit-tested.

export type RangePiece = { source: "rollup" | "live"; from: Date; to: Date };

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

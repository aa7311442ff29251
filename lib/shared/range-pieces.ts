// Pure, so the boundaries are unit-tested.

export const DAY_MS = 86_400_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export type RangePiece = { source: "rollup" | "live"; from: Date; to: Date };

const floorDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const ceilDay = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;

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

// Pure: seats and MRR at the end of each day, carried forward from the days that changed them.

/** Seats gained (+) or lost (−) on one UTC day, and the monthly cents they bring or take (each at
 * its order's seat price); earlier days fold into the first. */
export type SeatDelta = { day: string; seats: number; mrr: number };
export type SeatDay = { day: string; seats: number; mrr: number };

export function seatSeries(days: readonly string[], deltas: readonly SeatDelta[]): SeatDay[] {
  const first = days[0] ?? "";
  const byDay = new Map<string, SeatDelta[]>();
  for (const delta of deltas) {
    const day = delta.day < first ? first : delta.day;
    byDay.set(day, [...(byDay.get(day) ?? []), delta]);
  }
  let seats = 0;
  let mrr = 0;
  return days.map((day) => {
    for (const delta of byDay.get(day) ?? []) {
      seats += delta.seats;
      mrr += delta.mrr;
    }
    return { day, seats, mrr };
  });
}

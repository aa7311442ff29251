// Pure: seats and MRR at the end of each day, carried forward from the days that changed them.

/** Seats gained (+) or lost (−) by one product on one UTC day; earlier days fold into the first. */
export type SeatDelta = { day: string; productId: string; seats: number };
export type SeatDay = { day: string; seats: number; mrr: number };

/** `prices`: cents per seat per month by product (today's catalog); an unknown product adds no MRR. */
export function seatSeries(
  days: readonly string[],
  deltas: readonly SeatDelta[],
  prices: ReadonlyMap<string, number>,
): SeatDay[] {
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
      mrr += delta.seats * (prices.get(delta.productId) ?? 0);
    }
    return { day, seats, mrr };
  });
}

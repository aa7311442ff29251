// Display only: what a buyer pays is decided from the server's catalog.

export const BOOK = { normalPrice: 47.97, paidPrice: 7, hardcoverPrice: 47.97 } as const;
export const COURSE = { regularPrice: 3997, offerPrice: 497, cohortSpots: 200, cohortClaimed: 173 } as const;
export const TEAM = { seatPrice: 500, normalSeatPrice: 2000, programDays: 30, roiGuaranteeDays: 90 } as const;
export const GUARANTEE_DAYS = 30;
export const REFERENCE_PRICES = { consulting: 50_000, summitTicket: 10_000 } as const;

export const COURSE_INCLUSIONS = [
  "Video training series",
  "Virtual workshop",
  "Implementation guide",
  "30 business templates",
  "Bonus: the '72-Hour Cash Machine'",
] as const;

export function courseSaving(): number {
  return COURSE.regularPrice - COURSE.offerPrice;
}

export function cohortSpotsLeft(): number {
  return COURSE.cohortSpots - COURSE.cohortClaimed;
}

export function teamDiscountPercent(): number {
  return Math.round((1 - TEAM.seatPrice / TEAM.normalSeatPrice) * 100);
}

export function formatUsd(amount: number): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: hasCents ? 2 : 0,
  }).format(amount);
}

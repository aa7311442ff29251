import { PRICES } from "@/lib/payments/shared/prices";

// Prices and figures as the sales copy shows them, in US cents (format with lib/shared/money.ts).
// The offers' prices are the catalog's, so the copy cannot promise what checkout does not charge.

const book = PRICES["fast-forward-book"];
const course = PRICES["ai-step-by-step"];
const seat = PRICES["team-training-seat"];

export const BOOK = {
  normalPrice: book.regularAmount ?? book.unitAmount,
  paidPrice: book.unitAmount,
  hardcoverPrice: 4797,
};
export const COURSE = {
  regularPrice: course.regularAmount ?? course.unitAmount,
  offerPrice: course.unitAmount,
  cohortSpots: 200,
  cohortClaimed: 173,
};
export const TEAM = {
  seatPrice: seat.unitAmount,
  normalSeatPrice: seat.regularAmount ?? seat.unitAmount,
  programDays: 30,
  roiGuaranteeDays: 90,
};
export const GUARANTEE_DAYS = 30;
export const REFERENCE_PRICES = { consulting: 5_000_000, summitTicket: 1_000_000 } as const;

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

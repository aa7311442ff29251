// Prices and figures as the sales copy shows them, in US cents (format with lib/shared/money.ts).
// The offers' prices are the catalog's current ones (lib/site/server/read-sales-prices.ts), so the
// copy cannot promise what checkout does not charge; the rest are fixed figures of the copy.

export type SalesPrices = {
  book: { normalPrice: number; paidPrice: number };
  course: { regularPrice: number; offerPrice: number };
  team: { seatPrice: number; normalSeatPrice: number };
};

type Priced = { id: string; unitAmount: number; regularAmount: number | null };

export function salesPricesOf(products: readonly Priced[]): SalesPrices {
  const price = (id: string) => {
    const product = products.find((p) => p.id === id);
    if (!product) throw new Error(`The catalog has no price for ${id}, which the sales copy shows.`);
    return { now: product.unitAmount, normal: product.regularAmount ?? product.unitAmount };
  };
  const book = price("fast-forward-book");
  const course = price("ai-step-by-step");
  const seat = price("team-training-seat");
  return {
    book: { normalPrice: book.normal, paidPrice: book.now },
    course: { regularPrice: course.normal, offerPrice: course.now },
    team: { seatPrice: seat.now, normalSeatPrice: seat.normal },
  };
}

export const BOOK = { hardcoverPrice: 4797 };
export const COURSE = { cohortSpots: 200, cohortClaimed: 173 };
export const TEAM = { programDays: 30, roiGuaranteeDays: 90 };
export const GUARANTEE_DAYS = 30;
export const REFERENCE_PRICES = { consulting: 5_000_000, summitTicket: 1_000_000 } as const;

export const COURSE_INCLUSIONS = [
  "Video training series",
  "Virtual workshop",
  "Implementation guide",
  "30 business templates",
  "Bonus: the '72-Hour Cash Machine'",
] as const;

export function courseSaving(prices: SalesPrices): number {
  return prices.course.regularPrice - prices.course.offerPrice;
}

export function cohortSpotsLeft(): number {
  return COURSE.cohortSpots - COURSE.cohortClaimed;
}

export function discountPercent(price: number, normalPrice: number): number {
  return normalPrice > 0 ? Math.round((1 - price / normalPrice) * 100) : 0;
}

export function teamDiscountPercent(prices: SalesPrices): number {
  return discountPercent(prices.team.seatPrice, prices.team.normalSeatPrice);
}

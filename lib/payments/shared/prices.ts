// What each product costs, in US cents. The catalog charges these amounts and the sales copy
// shows them, so a price is changed in one place.

export type ProductId = "fast-forward-book" | "ai-step-by-step" | "team-training-seat" | "team-training-test";

export const PRICES: Readonly<Record<ProductId, { unitAmount: number; regularAmount: number | null }>> = {
  "fast-forward-book": { unitAmount: 700, regularAmount: 4797 },
  "ai-step-by-step": { unitAmount: 49_700, regularAmount: 399_700 },
  "team-training-seat": { unitAmount: 50_000, regularAmount: 200_000 },
  "team-training-test": { unitAmount: 100, regularAmount: null },
};

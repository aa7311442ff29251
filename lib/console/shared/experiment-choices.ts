// What the console's experiment form may name for a price, bump or post-purchase offer test.

export type CatalogChoices = {
  products: { code: string; name: string; unitAmount: number }[];
  bumps: { id: string; productCode: string; headline: string }[];
};

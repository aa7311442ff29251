import "server-only";
import { getConfig } from "@/lib/platform/server/config";

// What is on sale and for how much (design.md §6): the client names a product, the server
// decides the price. Amounts are US cents.

export type ProductId = "fast-forward-book" | "ai-step-by-step" | "team-training-seat" | "team-training-test";

export type Product = {
  id: ProductId;
  name: string;
  unitAmount: number;
  /** The crossed-out reference price shown next to the offer. */
  regularAmount: number | null;
  currency: "usd";
  interval: "one_time" | "month";
  minQuantity: number;
  /**
   * The most a single order may carry. The spec's simple checkout has "no maximum", but an
   * unbounded count let one request ask for a $70,000 book intent; ten copies covers any real
   * buyer, and seats keep the spec's 1–50.
   */
  maxQuantity: number;
};

export const MAX_SEATS = 50;
export const MAX_COPIES = 10;

const PRODUCTS: readonly Product[] = [
  {
    id: "fast-forward-book",
    name: "Fast Forward (digital book)",
    unitAmount: 700,
    regularAmount: 4797,
    currency: "usd",
    interval: "one_time",
    minQuantity: 1,
    maxQuantity: MAX_COPIES,
  },
  {
    id: "ai-step-by-step",
    name: "AI Step By Step",
    unitAmount: 49_700,
    regularAmount: 399_700,
    currency: "usd",
    interval: "one_time",
    minQuantity: 1,
    maxQuantity: MAX_COPIES,
  },
  {
    id: "team-training-seat",
    name: "Realtime AI Academy team training",
    unitAmount: 50_000,
    regularAmount: 200_000,
    currency: "usd",
    interval: "month",
    minQuantity: 1,
    maxQuantity: MAX_SEATS,
  },
  {
    id: "team-training-test",
    name: "Realtime AI Academy team training (test purchase)",
    unitAmount: 100,
    regularAmount: null,
    currency: "usd",
    interval: "month",
    minQuantity: 1,
    maxQuantity: MAX_SEATS,
  },
];

/** The 400 message for a quantity outside the product's range, naming the range. */
export function quantityMessage(product: Pick<Product, "minQuantity" | "maxQuantity">): string {
  return `quantity must be an integer between ${product.minQuantity} and ${product.maxQuantity}`;
}

/** The product added by the offer pages' "add to order" buttons. */
export const UPSELL_PRODUCT_ID: ProductId = "ai-step-by-step";

export function listProducts(enableTestPurchases = getConfig().ENABLE_TEST_PURCHASES): Product[] {
  return PRODUCTS.filter((p) => p.id !== "team-training-test" || enableTestPurchases);
}

export function findProduct(id: string, enableTestPurchases = getConfig().ENABLE_TEST_PURCHASES): Product | null {
  return listProducts(enableTestPurchases).find((p) => p.id === id) ?? null;
}

export type PricedOrder = {
  product: Product;
  upsell: Product | null;
  quantity: number;
  unitAmount: number;
  totalAmount: number;
};

/**
 * The total the gateway must collect. One-time products are priced per copy; the add-to-order
 * course is one item on top of the book.
 */
export function priceOrder(product: Product, quantity: number, upsell: Product | null): PricedOrder {
  const totalAmount = product.unitAmount * quantity + (upsell?.unitAmount ?? 0);
  return { product, upsell, quantity, unitAmount: product.unitAmount, totalAmount };
}

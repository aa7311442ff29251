import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { readCatalog, type CatalogProduct } from "@/lib/payments/server/read-catalog";
import { quantityProblem } from "@/lib/payments/shared/quantity-limits";
import { ApiError } from "@/lib/platform/shared/api-error";

// The client names a product, the server decides the price (docs/product.md#catalog-and-prices).
// Prices and quantity ranges are the catalog tables' current versions (read-catalog.ts).

/** The products the code itself refers to; the catalog tables hold their prices. */
export type ProductId = "fast-forward-book" | "ai-step-by-step" | "team-training-seat" | "team-training-test";

export type Product = CatalogProduct;

const TEST_PRODUCT_ID: ProductId = "team-training-test";

export async function listProducts(enableTestPurchases = getConfig().ENABLE_TEST_PURCHASES): Promise<Product[]> {
  return (await readCatalog()).filter((p) => p.id !== TEST_PRODUCT_ID || enableTestPurchases);
}

export async function findProduct(
  id: string,
  enableTestPurchases = getConfig().ENABLE_TEST_PURCHASES,
): Promise<Product | null> {
  return (await listProducts(enableTestPurchases)).find((p) => p.id === id) ?? null;
}

/** A quantity outside the product's current range is a 400 from the closed error table. */
export function assertQuantity(product: Product, quantity: unknown): asserts quantity is number {
  const problem = quantityProblem(quantity, product);
  if (problem) throw new ApiError(problem.code, problem.message);
}

export type PricedOrder = {
  product: Product;
  /** The bumps' own products, each one item at its current price, in checkout order. */
  bumps: readonly Product[];
  quantity: number;
  unitAmount: number;
  totalAmount: number;
};

/** One-time products are priced per copy; each order bump is one item on top. */
export function priceOrder(product: Product, quantity: number, bumps: readonly Product[]): PricedOrder {
  const totalAmount = product.unitAmount * quantity + bumps.reduce((sum, bump) => sum + bump.unitAmount, 0);
  return { product, bumps, quantity, unitAmount: product.unitAmount, totalAmount };
}

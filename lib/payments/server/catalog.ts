import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { PRICES, type ProductId } from "@/lib/payments/shared/prices";
import { maxQuantityFor, quantityKindFor, type QuantityKind } from "@/lib/payments/shared/quantity-limits";

// The client names a product, the server decides the price (docs/product.md#catalog-and-prices).

export type { ProductId };

export type Product = {
  id: ProductId;
  name: string;
  unitAmount: number;
  regularAmount: number | null;
  currency: "usd";
  interval: "one_time" | "month";
  minQuantity: number;
  maxQuantity: number;
  quantityKind: QuantityKind;
};

const PRODUCTS: readonly Product[] = [
  {
    id: "fast-forward-book",
    name: "Fast Forward (digital book)",
    ...PRICES["fast-forward-book"],
    currency: "usd",
    interval: "one_time",
    minQuantity: 1,
    maxQuantity: maxQuantityFor("fast-forward-book"),
    quantityKind: quantityKindFor("fast-forward-book"),
  },
  {
    id: "ai-step-by-step",
    name: "AI Step By Step",
    ...PRICES["ai-step-by-step"],
    currency: "usd",
    interval: "one_time",
    minQuantity: 1,
    maxQuantity: maxQuantityFor("ai-step-by-step"),
    quantityKind: quantityKindFor("ai-step-by-step"),
  },
  {
    id: "team-training-seat",
    name: "Realtime AI Academy team training",
    ...PRICES["team-training-seat"],
    currency: "usd",
    interval: "month",
    minQuantity: 1,
    maxQuantity: maxQuantityFor("team-training-seat"),
    quantityKind: quantityKindFor("team-training-seat"),
  },
  {
    id: "team-training-test",
    name: "Realtime AI Academy team training (test purchase)",
    ...PRICES["team-training-test"],
    currency: "usd",
    interval: "month",
    minQuantity: 1,
    maxQuantity: maxQuantityFor("team-training-test"),
    quantityKind: quantityKindFor("team-training-test"),
  },
];

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

/** One-time products are priced per copy; the add-to-order course is one item on top. */
export function priceOrder(product: Product, quantity: number, upsell: Product | null): PricedOrder {
  const totalAmount = product.unitAmount * quantity + (upsell?.unitAmount ?? 0);
  return { product, upsell, quantity, unitAmount: product.unitAmount, totalAmount };
}

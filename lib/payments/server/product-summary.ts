import "server-only";
import type { ProductSummary } from "@/lib/payments/shared/product-summary";
import type { Product } from "@/lib/payments/server/catalog";

export function toSummary(product: Product): ProductSummary {
  return {
    id: product.id,
    name: product.name,
    unitAmount: product.unitAmount,
    regularAmount: product.regularAmount,
    interval: product.interval,
    minQuantity: product.minQuantity,
    maxQuantity: product.maxQuantity,
    quantityKind: product.quantityKind,
  };
}

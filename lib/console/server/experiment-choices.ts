import "server-only";
import { listProducts } from "@/lib/payments/server/catalog";
import { readBumps } from "@/lib/payments/server/read-bumps";
import type { CatalogChoices } from "@/lib/console/shared/experiment-choices";

// What a price, bump or post-purchase offer test may name: one-time products and active bumps.

export async function experimentChoices(): Promise<CatalogChoices> {
  const [products, bumps] = await Promise.all([listProducts(), readBumps()]);
  return {
    products: products
      .filter((p) => p.interval === "one_time")
      .map((p) => ({ code: p.id, name: p.name, unitAmount: p.unitAmount })),
    bumps: bumps.filter((b) => b.active).map((b) => ({ id: b.id, productCode: b.productCode, headline: b.headline })),
  };
}

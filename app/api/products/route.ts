// GET /api/products — what is on sale, priced by the server-side catalog.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { listProducts } from "@/lib/payments/server/catalog";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const products = (await listProducts()).map((p) => ({
    id: p.id,
    name: p.name,
    unitAmount: p.unitAmount,
    regularAmount: p.regularAmount,
    currency: p.currency,
    interval: p.interval,
    minQuantity: p.minQuantity,
    maxQuantity: p.maxQuantity,
  }));
  return noStoreJson({ products });
}

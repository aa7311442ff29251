import "server-only";
import { isBuildPhase } from "@/lib/platform/server/config";
import { listProducts } from "@/lib/payments/server/catalog";
import { salesPricesOf, type SalesPrices } from "@/lib/site/shared/prices";

// Cached pages show what the catalog charges when they are rendered; a published price reaches
// them at their next revalidation (PAGE_REVALIDATE_SECONDS), or at once where the page is revalidated.

const NOT_RENDERED_YET: SalesPrices = {
  book: { normalPrice: 0, paidPrice: 0 },
  course: { regularPrice: 0, offerPrice: 0 },
  team: { seatPrice: 0, normalSeatPrice: 0 },
};

export async function readSalesPrices(): Promise<SalesPrices> {
  if (isBuildPhase()) return NOT_RENDERED_YET;
  return salesPricesOf(await listProducts(true));
}

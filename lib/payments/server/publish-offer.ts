import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { CatalogOffer } from "@/lib/generated/prisma/client";
import { badRequest, conflict } from "@/lib/platform/shared/api-error";
import { isUniqueViolation } from "@/lib/platform/shared/db-errors";
import type { PublishOfferInput } from "@/lib/payments/shared/offer-schemas";

// An offer change is a new catalog_offers row with the next version, as prices are: an accepted
// offer's order keeps pointing at the version the buyer saw.

export async function publishOffer(input: PublishOfferInput, createdBy: string): Promise<CatalogOffer> {
  const db = getDb();
  const offered = [input.offerProductCode, input.downsellProductCode].filter((code): code is string => code !== null);
  // The downsell may be the offered product again, at a lower price; neither is what was just bought.
  if (offered.includes(input.afterProductCode)) throw badRequest("An offer cannot be the product just bought.");
  const codes = [...new Set([input.afterProductCode, ...offered])];
  const products = await db.catalogProduct.findMany({ where: { code: { in: codes } } });
  if (products.length !== codes.length) throw badRequest("Every product must be in the catalog.");
  // A saved card pays one-time products; seats are bought on their own checkout.
  if (products.some((p) => offered.includes(p.code) && p.kind !== "ONE_TIME"))
    throw badRequest("Only one-time products can be offered after a purchase.");
  const latest = await db.catalogOffer.findFirst({
    where: { afterProductCode: input.afterProductCode },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  try {
    return await db.catalogOffer.create({ data: { ...input, version: (latest?.version ?? 0) + 1, createdBy } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("Another offer for this product was published at the same moment. Reload and try again.");
    }
    throw error;
  }
}

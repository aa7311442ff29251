import "server-only";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { publishBump } from "@/lib/payments/server/publish-bump";
import { publishPrice } from "@/lib/payments/server/publish-price";
import { publishBumpSchema, publishPriceSchema } from "@/lib/payments/shared/schemas";
import { publishOffer } from "@/lib/payments/server/publish-offer";
import { publishOfferSchema } from "@/lib/payments/shared/offer-schemas";
import { revalidateCachedPages } from "@/lib/site/server/revalidate-cached-pages";

// Publishing a price: the next version of the product's price, audited, and the cached sales pages
// rendered again so the copy shows what checkout now charges.

export const publishPriceRoute = operatorRoute({
  action: "catalog.publish",
  schema: publishPriceSchema,
  rateLimits: [{ name: "admin-catalog", limit: 30, windowSeconds: 600 }],
  handle: async (input, context) => {
    const price = await publishPrice(input, context.operator.id);
    await recordAudit({
      operatorId: context.operator.id,
      action: "catalog.publish",
      targetType: "catalog_price",
      targetId: price.id,
      details: {
        productCode: price.productCode,
        version: price.version,
        unitAmount: price.unitAmount,
        referenceAmount: price.referenceAmount,
        minQuantity: price.minQuantity,
        maxQuantity: price.maxQuantity,
        plan: price.plan,
      },
      ip: context.clientIp,
    });
    revalidateCachedPages();
    return Response.json(
      { productCode: price.productCode, version: price.version, priceId: price.id },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});

/** An order bump added or changed: audited like a price, and the checkout offers it at once. */
export const publishBumpRoute = operatorRoute({
  action: "catalog.publish",
  schema: publishBumpSchema,
  rateLimits: [{ name: "admin-catalog", limit: 30, windowSeconds: 600 }],
  handle: async (input, context) => {
    const bump = await publishBump(input, context.operator.id);
    await recordAudit({
      operatorId: context.operator.id,
      action: "catalog.publish",
      targetType: "catalog_bump",
      targetId: bump.bumpId,
      details: {
        productCode: bump.productCode,
        bumpProductCode: bump.bumpProductCode,
        version: bump.version,
        headline: bump.headline,
        position: bump.position,
        active: bump.active,
      },
      ip: context.clientIp,
    });
    revalidateCachedPages();
    return Response.json(
      { bumpId: bump.bumpId, version: bump.version, versionId: bump.versionId },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});

/** The next version of the offer shown after a paid order of a product; audited like prices. */
export const publishOfferRoute = operatorRoute({
  action: "catalog.publish",
  schema: publishOfferSchema,
  rateLimits: [{ name: "admin-catalog", limit: 30, windowSeconds: 600 }],
  handle: async (input, context) => {
    const offer = await publishOffer(input, context.operator.id);
    await recordAudit({
      operatorId: context.operator.id,
      action: "catalog.publish",
      targetType: "catalog_offer",
      targetId: offer.id,
      details: {
        afterProductCode: offer.afterProductCode,
        version: offer.version,
        offerProductCode: offer.offerProductCode,
        offerAmount: offer.offerAmount,
        downsellProductCode: offer.downsellProductCode,
        downsellAmount: offer.downsellAmount,
      },
      ip: context.clientIp,
    });
    return Response.json(
      { afterProductCode: offer.afterProductCode, version: offer.version, offerId: offer.id },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});

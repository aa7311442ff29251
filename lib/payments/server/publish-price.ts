import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { badRequest, conflict, notFound } from "@/lib/platform/shared/api-error";
import { isUniqueViolation } from "@/lib/platform/shared/db-errors";
import { forgetCatalog } from "@/lib/payments/server/read-catalog";
import { planOfColumns, type PaymentPlan } from "@/lib/payments/shared/payment-plan";

// A price change is a new catalog_prices row with the next version: orders keep pointing at the
// version they were created with, and the newest version prices every order from now on.

export type PriceInput = {
  productCode: string;
  unitAmount: number;
  referenceAmount: number | null;
  minQuantity: number;
  maxQuantity: number;
  plan?: PaymentPlan | null;
};

export type PublishedPrice = Omit<PriceInput, "plan"> & {
  plan: PaymentPlan | null;
  id: string;
  version: number;
  createdBy: string;
  createdAt: Date;
};

export async function publishPrice(input: PriceInput, createdBy: string): Promise<PublishedPrice> {
  if (input.maxQuantity < input.minQuantity) throw badRequest("The maximum quantity is below the minimum.");
  const db = getDb();
  const latest = await db.catalogPrice.findFirst({
    where: { productCode: input.productCode },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  if (!latest) throw notFound("There is no such product in the catalog.");
  const { plan, ...price } = input;
  try {
    const row = await db.catalogPrice.create({
      data: {
        ...price,
        planInstalments: plan?.instalments ?? null,
        planAmount: plan?.amount ?? null,
        planAccessRule: plan?.accessRule ?? null,
        version: latest.version + 1,
        createdBy,
      },
    });
    return {
      id: row.id,
      productCode: row.productCode,
      unitAmount: row.unitAmount,
      referenceAmount: row.referenceAmount,
      minQuantity: row.minQuantity,
      maxQuantity: row.maxQuantity,
      plan: planOfColumns(row),
      version: row.version,
      createdBy: row.createdBy,
      createdAt: row.createdAt,
    };
  } catch (error) {
    // Two publishes of one product at once: the second would silently replace a price its author never saw.
    if (isUniqueViolation(error)) {
      throw conflict("Another price for this product was published at the same moment. Reload and try again.");
    }
    throw error;
  } finally {
    // This instance prices the next order at the new version at once; others within CATALOG_CACHE_MS.
    forgetCatalog();
  }
}

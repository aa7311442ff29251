import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { planOfColumns, type PaymentPlan } from "@/lib/payments/shared/payment-plan";

// The catalog page: each product with its price versions, newest (the current one) first, and its
// order bumps as they currently read.

const VERSIONS_SHOWN = 10;

export type CatalogPriceRow = {
  id: string;
  version: number;
  unitAmount: number;
  referenceAmount: number | null;
  minQuantity: number;
  maxQuantity: number;
  plan: PaymentPlan | null;
  /** The publishing operator's e-mail, "migration", or "a removed operator". */
  createdBy: string;
  createdAt: Date;
};

export type CatalogBumpRow = {
  id: string;
  bumpProductCode: string;
  bumpProductName: string;
  version: number;
  headline: string;
  description: string;
  position: number;
  active: boolean;
  createdBy: string;
  createdAt: Date;
};

export type CatalogListRow = {
  code: string;
  name: string;
  kind: "ONE_TIME" | "SUBSCRIPTION_PER_SEAT";
  prices: CatalogPriceRow[];
  bumps: CatalogBumpRow[];
  /** The current version of the offer shown after a paid order of this product, if any. */
  offer: CatalogOfferRow | null;
};

export type CatalogOfferRow = {
  version: number;
  offerProductCode: string | null;
  offerAmount: number | null;
  headline: string;
  body: string;
  downsellProductCode: string | null;
  downsellAmount: number | null;
  downsellHeadline: string;
  downsellBody: string;
};

export async function listCatalog(): Promise<CatalogListRow[]> {
  const db = getDb();
  const products = await db.catalogProduct.findMany({
    orderBy: { position: "asc" },
    include: {
      prices: { orderBy: { version: "desc" }, take: VERSIONS_SHOWN },
      bumps: { include: { bumpProduct: true, versions: { orderBy: { version: "desc" }, take: 1 } } },
      offersAfter: { orderBy: { version: "desc" }, take: 1 },
    },
  });
  const ids = [
    ...new Set(
      products.flatMap((p) => [
        ...p.prices.map((price) => price.createdBy),
        ...p.bumps.flatMap((bump) => bump.versions.map((v) => v.createdBy)),
      ]),
    ),
  ];
  const operators = await db.operatorUser.findMany({
    where: { id: { in: ids } },
    select: { id: true, email: true },
  });
  const emails = new Map(operators.map((o) => [o.id, o.email]));
  const author = (createdBy: string) =>
    emails.get(createdBy) ?? (createdBy === "migration" ? "migration" : "a removed operator");
  return products.map((product) => ({
    code: product.code,
    name: product.name,
    kind: product.kind,
    prices: product.prices.map((price) => ({
      id: price.id,
      version: price.version,
      unitAmount: price.unitAmount,
      referenceAmount: price.referenceAmount,
      minQuantity: price.minQuantity,
      maxQuantity: price.maxQuantity,
      plan: planOfColumns(price),
      createdBy: author(price.createdBy),
      createdAt: price.createdAt,
    })),
    bumps: product.bumps
      .flatMap((bump) =>
        bump.versions.map((current) => ({
          id: bump.id,
          bumpProductCode: bump.bumpProductCode,
          bumpProductName: bump.bumpProduct.name,
          version: current.version,
          headline: current.headline,
          description: current.description,
          position: current.position,
          active: current.active,
          createdBy: author(current.createdBy),
          createdAt: current.createdAt,
        })),
      )
      .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id)),
    offer: product.offersAfter[0] ?? null,
  }));
}

import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { CatalogOffer, OfferStep, Order, Prisma } from "@/lib/generated/prisma/client";
import { findProduct, type Product } from "@/lib/payments/server/catalog";
import { declineKey, nextChainStep, type ChainStep, type OfferStepKind } from "@/lib/payments/shared/offer-chain";
import { catalogVariant } from "@/lib/experiments/server/catalog-variant";
import { resolveOfferAmount } from "@/lib/experiments/shared/catalog-subjects";

// The chain's state is read from its orders and declines, inside the caller's transaction when it
// holds the first order's row lock, so a decision and the step it was made on cannot diverge.

type Reader = Prisma.TransactionClient | ReturnType<typeof getDb>;

export type OpenStep = ChainStep & {
  product: Product;
  /** Cents, decided here: the offer's own price or the product's current catalog price. */
  amount: number;
  headline: string;
  body: string;
};

/** The newest version of each product's offer. */
export async function currentOffers(db: Reader = getDb()): Promise<Map<string, CatalogOffer>> {
  const rows = await db.catalogOffer.findMany({
    distinct: ["afterProductCode"],
    orderBy: [{ afterProductCode: "asc" }, { version: "desc" }],
  });
  return new Map(rows.map((row) => [row.afterProductCode, row]));
}

/** The order bumps came with the first payment: the chain treats them as already bought. */
const boughtWith = (productCodes: readonly (string | null)[]) =>
  [...new Set(productCodes)].flatMap((productCode) => (productCode ? [{ productCode, paid: true }] : []));

/**
 * Whether a paid order of this product would be followed by an offer for this browser (the first
 * payment then saves the card, and the checkout says so): as openStep will decide after the payment.
 */
export async function hasOfferAfter(
  productCode: string,
  bumpProductCodes: readonly string[],
  browserId: string | null,
): Promise<boolean> {
  const offers = await currentOffers();
  // The chain starts after the product itself: without an offer there, nothing else to read.
  if (!offers.get(productCode)?.offerProductCode) return false;
  const products = await onSaleOneTime(offers);
  const onSale = (code: string) => products.has(code);
  const step = nextChainStep(productCode, offers, boughtWith(bumpProductCodes), new Set(), onSale);
  if (!step) return false;
  return step.step !== "upsell" || (await testedUpsellAmount(step.offer.afterProductCode, browserId, 0)) !== null;
}

/** A post-purchase offer test's say on the upsell: its price for this buyer, or null when the buyer's variant hides it. */
async function testedUpsellAmount(afterProductCode: string, browserId: string | null, amount: number) {
  const tested = await catalogVariant("post_offer", afterProductCode, { browserId, buyer: true });
  return tested ? resolveOfferAmount(tested.subject, tested.variant, amount) : amount;
}

async function onSaleOneTime(offers: Map<string, CatalogOffer>): Promise<Map<string, Product>> {
  const codes = [...offers.values()].flatMap((o) => [o.offerProductCode, o.downsellProductCode]);
  const products = new Map<string, Product>();
  for (const code of new Set(codes)) {
    const product = code ? await findProduct(code) : null;
    // A saved card pays one-time products; a seat subscription goes through its own checkout.
    if (product && product.interval === "one_time") products.set(product.id, product);
  }
  return products;
}

export const stepColumn = (step: OfferStepKind): OfferStep => (step === "upsell" ? "UPSELL" : "DOWNSELL");

export const isChildPaid = (child: Pick<Order, "fulfilledAt" | "status">) =>
  child.fulfilledAt !== null || child.status === "SUCCEEDED";

export async function openStep(
  root: Pick<Order, "id" | "productId" | "upsellProductId" | "browserId">,
  db: Reader = getDb(),
): Promise<OpenStep | null> {
  const [offers, bumps, children, declines] = await Promise.all([
    currentOffers(db),
    db.orderBump.findMany({ where: { orderId: root.id }, select: { productCode: true } }),
    db.order.findMany({
      where: { parentOrderId: root.id },
      select: { productId: true, fulfilledAt: true, status: true },
    }),
    db.offerDecline.findMany({ where: { parentOrderId: root.id }, select: { productCode: true, step: true } }),
  ]);
  const products = await onSaleOneTime(offers);
  const step = nextChainStep(
    root.productId,
    offers,
    [
      // An order from before bumps has only its add-on.
      ...boughtWith([root.upsellProductId, ...bumps.map((bump) => bump.productCode)]),
      ...children.map((child) => ({ productCode: child.productId, paid: isChildPaid(child) })),
    ],
    new Set(declines.map((d) => declineKey(d.step === "UPSELL" ? "upsell" : "downsell", d.productCode))),
    (code) => products.has(code),
  );
  if (!step) return null;
  const offer = offers.get(step.offer.afterProductCode);
  const product = products.get(step.productCode);
  if (!offer || !product) return null;
  const copy = stepCopy(offer, step.step, product);
  if (step.step !== "upsell") return { ...step, product, ...copy };
  // A post-purchase offer test: the buyer's variant shows the offer, at its price, or nothing.
  const amount = await testedUpsellAmount(offer.afterProductCode, root.browserId, copy.amount);
  return amount === null ? null : { ...step, product, ...copy, amount };
}

function stepCopy(offer: CatalogOffer, step: OfferStepKind, product: Product) {
  return step === "upsell"
    ? { amount: offer.offerAmount ?? product.unitAmount, headline: offer.headline, body: offer.body }
    : {
        amount: offer.downsellAmount ?? product.unitAmount,
        headline: offer.downsellHeadline,
        body: offer.downsellBody,
      };
}

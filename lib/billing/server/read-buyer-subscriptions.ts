import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { log } from "@/lib/platform/server/logger";
import { describeError } from "@/lib/platform/shared/describe-error";
import type { CardOnFile, RenewalTerms } from "@/lib/payments/server/gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { cardFormFor, type CardForm } from "@/lib/billing/server/card-form";
import { findProduct } from "@/lib/payments/server/catalog";

// Every subscription of the signed-in buyer's paid orders, whatever the product (seats, a payment
// plan): what they have, what the next renewal charges and on which card.

export type BuyerSubscription = {
  id: string;
  orderId: string;
  productName: string;
  seats: number;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** The list price of the next period: the order's seat price times the seats. */
  nextAmount: number;
  /** Credit the next renewals take off the list price before charging the card. */
  credit: number;
  currency: string;
  /** A renewal that failed and is still unpaid. */
  overdue: { amount: number; failedAt: Date | null } | null;
  card: CardOnFile | null;
  /** The card form the page shows; null when the card cannot be changed here. */
  cardForm: CardForm | null;
  /** The seat counts the catalog allows, when the buyer may change the seats now; null otherwise. */
  seatRange: { min: number; max: number } | null;
};

const UNKNOWN_TERMS: RenewalTerms = { card: null, credit: 0 };

/** The card and the credit are the provider's to tell; one that does not answer leaves them unknown, not the page broken. */
async function termsOf(gateway: string, providerSubscriptionId: string): Promise<RenewalTerms> {
  try {
    return await gatewayOf({ gateway }).renewalTerms(providerSubscriptionId);
  } catch (error) {
    log.warn(`[billing] card on file and credit unavailable: ${describeError(error)}`);
    return UNKNOWN_TERMS;
  }
}

export async function buyerSubscriptions(email: string): Promise<BuyerSubscription[]> {
  const rows = await getDb().subscription.findMany({
    where: { order: { email: { equals: email, mode: "insensitive" }, status: { in: ["SUCCEEDED", "REFUNDED"] } } },
    include: {
      order: {
        select: {
          id: true,
          productId: true,
          productName: true,
          unitPrice: true,
          currency: true,
          gateway: true,
          status: true,
        },
      },
      invoices: { where: { status: "failed" }, orderBy: { periodStart: "desc" }, take: 1 },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
  });
  return Promise.all(
    rows.map(async (row) => {
      const failed = row.invoices[0];
      const terms =
        row.status === "canceled" ? UNKNOWN_TERMS : await termsOf(row.order.gateway, row.providerSubscriptionId);
      const product = await findProduct(row.order.productId, true);
      const seatsChangeable =
        row.status === "active" &&
        !row.cancelAtPeriodEnd &&
        row.order.status === "SUCCEEDED" &&
        product?.interval === "month" &&
        product.quantityKind === "seats";
      return {
        id: row.id,
        orderId: row.order.id,
        productName: row.order.productName,
        seats: row.quantity,
        status: row.status,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        currentPeriodEnd: row.currentPeriodEnd,
        nextAmount: row.order.unitPrice * row.quantity,
        currency: row.order.currency,
        overdue: failed ? { amount: failed.amount, failedAt: failed.failedAt } : null,
        credit: terms.credit,
        card: terms.card,
        cardForm: cardFormFor(row.order.gateway, row.status),
        seatRange: seatsChangeable ? { min: product.minQuantity, max: product.maxQuantity } : null,
      };
    }),
  );
}

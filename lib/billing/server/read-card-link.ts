import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { verifyCardUpdate } from "@/lib/billing/server/card-update-link";
import { cardFormFor, type CardForm } from "@/lib/billing/server/card-form";

// What the card-update link's page shows of its one subscription; reading it changes nothing, so a
// mail scanner opening the link does no harm. No address is shown: the link may be forwarded.

export type CardLinkView = {
  productName: string;
  seats: number;
  status: string;
  overdueAmount: number | null;
  /** The card form the page shows; null (an ended subscription) gets a way to reach us. */
  cardForm: CardForm | null;
};

export async function cardLinkView(token: string | null, now = new Date()): Promise<CardLinkView | null> {
  const claim = verifyCardUpdate(token, now);
  if (!claim) return null;
  const row = await getDb().subscription.findUnique({
    where: { id: claim.subscriptionId },
    include: {
      order: { select: { productName: true, gateway: true } },
      invoices: { where: { status: "failed" }, orderBy: { periodStart: "desc" }, take: 1 },
    },
  });
  if (!row) return null;
  return {
    productName: row.order.productName,
    seats: row.quantity,
    status: row.status,
    overdueAmount: row.invoices[0]?.amount ?? null,
    cardForm: cardFormFor(row.order.gateway, row.status),
  };
}

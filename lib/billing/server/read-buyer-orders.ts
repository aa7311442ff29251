import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { isUuid } from "@/lib/shared/uuid";

// What a signed-in buyer sees: every paid order with their address, offer orders and orders an
// operator flagged as test or spam included (they are still the buyer's purchases).

export type OrderState = "paid" | "refunded" | "partly refunded";

export type BuyerOrder = {
  id: string;
  createdAt: Date;
  productName: string;
  quantity: number;
  isSubscription: boolean;
  /** Set on a post-purchase offer's order: the order it followed. */
  parentOrderId: string | null;
  lines: { label: string; quantity: number; amount: number }[];
  /** What the lines came to before the coupon; total = subtotal - discount. */
  subtotal: number;
  discount: number;
  couponCode: string | null;
  total: number;
  refunds: { amount: number; at: Date }[];
  refunded: number;
  state: OrderState;
  paymentMethod: string;
  subscription: { status: string; seats: number; currentPeriodEnd: Date | null; endsAtPeriodEnd: boolean } | null;
};

const ORDER_INCLUDE = {
  bumps: { orderBy: { position: "asc" } },
  refunds: { orderBy: { createdAt: "asc" } },
  subscription: true,
  coupon: { select: { code: true } },
} satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof ORDER_INCLUDE }>;

const ownedBy = (email: string): Prisma.OrderWhereInput => ({
  email: { equals: email, mode: "insensitive" },
  status: { in: ["SUCCEEDED", "REFUNDED"] },
});

export function orderState(status: string, total: number, refunded: number): OrderState {
  if (status === "REFUNDED" || (refunded > 0 && refunded >= total)) return "refunded";
  return refunded > 0 ? "partly refunded" : "paid";
}

function toBuyerOrder(row: OrderRow): BuyerOrder {
  const subtotal = row.listAmount ?? row.totalAmount + row.discountAmount;
  const bumps = row.bumps.map((bump) => ({ label: bump.productName, quantity: 1, amount: bump.amount }));
  const bumpsTotal = bumps.reduce((sum, bump) => sum + bump.amount, 0);
  const refunds = row.refunds.map((refund) => ({ amount: refund.amount, at: refund.createdAt }));
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const sub = row.subscription;
  return {
    id: row.id,
    createdAt: row.createdAt,
    productName: row.productName,
    quantity: row.quantity,
    isSubscription: row.isSubscription,
    parentOrderId: row.parentOrderId,
    // The main line is what the bumps leave of the subtotal, so the lines always add up.
    lines: [{ label: row.productName, quantity: row.quantity, amount: subtotal - bumpsTotal }, ...bumps],
    subtotal,
    discount: row.discountAmount,
    couponCode: row.coupon?.code ?? null,
    total: row.totalAmount,
    refunds,
    refunded,
    state: orderState(row.status, row.totalAmount, refunded),
    paymentMethod: row.paymentMethod,
    subscription: sub
      ? {
          status: sub.status,
          seats: sub.quantity,
          currentPeriodEnd: sub.currentPeriodEnd,
          endsAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
  };
}

export async function buyerOrders(email: string): Promise<BuyerOrder[]> {
  const rows = await getDb().order.findMany({
    where: ownedBy(email),
    include: ORDER_INCLUDE,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
  return rows.map(toBuyerOrder);
}

/** Null for an id that is not one of this buyer's paid orders, however it is spelled. */
export async function buyerReceipt(email: string, orderId: string): Promise<BuyerOrder | null> {
  if (!isUuid(orderId)) return null;
  const row = await getDb().order.findFirst({ where: { id: orderId, ...ownedBy(email) }, include: ORDER_INCLUDE });
  return row ? toBuyerOrder(row) : null;
}

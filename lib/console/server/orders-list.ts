import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OrderFilters } from "@/lib/console/shared/order-filters";
import { decodeUuidCursor, encodeCursor } from "@/lib/shared/keyset-cursor";

// Keyset paging on (created_at, id), so page 1,000 costs what page 1 does. The e-mail search is a
// case-insensitive substring: operators paste part of an address.

export const ORDERS_PAGE_SIZE = 50;

export type OrderRow = {
  id: string;
  createdAt: Date;
  email: string;
  name: string;
  prospectId: string | null;
  productName: string;
  quantity: number;
  totalAmount: number;
  currency: string;
  status: string;
  gateway: string;
  refundedAmount: number;
  disputed: boolean;
};

export type OrderPage = { rows: OrderRow[]; nextCursor: string | null };

function where(filters: OrderFilters): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [];
  if (filters.status) and.push({ status: filters.status });
  if (filters.product) and.push({ productId: filters.product });
  if (filters.refunded) and.push({ refunds: { some: {} } });
  if (filters.disputed) and.push({ disputes: { some: {} } });
  if (filters.q) and.push({ email: { contains: filters.q, mode: "insensitive" } });
  const cursor = decodeUuidCursor(filters.after);
  if (cursor) {
    // A plain upper bound first so the index scan starts at the cursor; the bare OR form read every newer row.
    and.push({ createdAt: { lte: cursor.at } });
    and.push({ OR: [{ createdAt: { lt: cursor.at } }, { id: { lt: cursor.id } }] });
  }
  return { AND: and };
}

export async function listOrders(filters: OrderFilters, pageSize = ORDERS_PAGE_SIZE): Promise<OrderPage> {
  const found = await getDb().order.findMany({
    where: where(filters),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
    select: {
      id: true,
      createdAt: true,
      email: true,
      name: true,
      prospectId: true,
      productName: true,
      quantity: true,
      totalAmount: true,
      currency: true,
      status: true,
      gateway: true,
      refunds: { select: { amount: true } },
      _count: { select: { disputes: true } },
    },
  });
  const page = found.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ refunds, _count, ...order }) => ({
      ...order,
      status: order.status,
      refundedAmount: refunds.reduce((sum, r) => sum + r.amount, 0),
      disputed: _count.disputes > 0,
    })),
    nextCursor: found.length > pageSize && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

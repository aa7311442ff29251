import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { ProductId } from "@/lib/payments/server/catalog";
import type { VisitorKind } from "@/lib/experiments/shared/audiences";

// As checkout decides it: a browser whose order is the $7 book (paying or paid) bought it; a
// registered visitor without one took the free copy at the opt-in.

const BOOK: ProductId = "fast-forward-book";

export async function offerVisitorKind(browserId: string): Promise<VisitorKind> {
  const order = await getDb().order.findFirst({
    where: { browserId, productId: BOOK, status: { in: ["PENDING", "SUCCEEDED"] } },
    select: { id: true },
  });
  return order ? "book_buyer" : "free_book";
}

import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { notFound } from "@/lib/platform/shared/api-error";
import { isUuid } from "@/lib/shared/uuid";

// Another buyer's subscription is the same 404 as an unknown id, however it is spelled.

const BUYER_ORDER = ["SUCCEEDED", "REFUNDED"] as const;

export async function ownedSubscription(email: string, subscriptionId: string) {
  const row = isUuid(subscriptionId)
    ? await getDb().subscription.findFirst({
        where: {
          id: subscriptionId,
          order: { email: { equals: email, mode: "insensitive" }, status: { in: [...BUYER_ORDER] } },
        },
        include: { order: true },
      })
    : null;
  if (!row) throw notFound("Subscription not found.");
  return row;
}

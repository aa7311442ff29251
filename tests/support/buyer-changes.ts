import { getDb } from "@/lib/platform/server/db";

// What a buyer's self-service change leaves for the operators and the CRM: the audit rows on the
// order and the outgoing `subscription.updated` events about it.

export async function buyerChangesOf(orderId: string) {
  const db = getDb();
  const audit = await db.auditLog.findMany({
    where: { targetType: "order", targetId: orderId, action: { startsWith: "billing." } },
    orderBy: { id: "asc" },
  });
  const events = await db.webhookEvent.findMany({
    where: { type: "subscription.updated", payload: { path: ["data", "transactionId"], equals: orderId } },
    orderBy: { createdAt: "asc" },
  });
  return {
    audit: audit.map((row) => ({ action: row.action, operatorId: row.operatorId, details: row.details })),
    events: events.map((row) => (row.payload as { data: { change: unknown; cancelAtPeriodEnd: boolean } }).data),
  };
}

export type SeatPreviewBody = {
  seats: number;
  previousSeats: number;
  dueNow: number;
  credit: number;
  nextRenewal: number;
  quote: string;
};

/** The billing page's seat change: the preview's answer, then (unless `confirm: false`) the confirm's. */
export async function buyerSeatChange(
  cookie: string,
  subscriptionId: string,
  seats: number,
  options: { confirm?: boolean } = {},
) {
  // Imported here, after a Stripe-mode test has put its configuration in place.
  const { jsonRequest } = await import("@/tests/support/http");
  const preview = await (
    await import("@/app/api/billing/seats/preview/route")
  ).POST(jsonRequest("/api/billing/seats/preview", { subscriptionId, seats }, { cookie }));
  const previewBody = (await preview.json()) as SeatPreviewBody & { error?: { code: string } };
  if (options.confirm === false || preview.status !== 200) {
    return { preview: { status: preview.status, body: previewBody }, confirmed: null };
  }
  const confirmed = await confirmBuyerSeats(cookie, subscriptionId, seats, previewBody.quote);
  return { preview: { status: preview.status, body: previewBody }, confirmed };
}

export async function confirmBuyerSeats(cookie: string, subscriptionId: string, seats: number, quote: string) {
  const { jsonRequest } = await import("@/tests/support/http");
  const { POST } = await import("@/app/api/billing/seats/route");
  const response = await POST(jsonRequest("/api/billing/seats", { subscriptionId, seats, quote }, { cookie }));
  return {
    status: response.status,
    body: (await response.json()) as { seats?: number; previousSeats?: number; error?: { code: string } },
  };
}

/** Every row a seat change may leave for an order, to count doubles. */
export async function seatChangeRows(orderId: string) {
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({ where: { orderId } });
  return {
    subscription,
    changes: await db.seatChange.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } }),
    invoices: await db.subscriptionInvoice.findMany({
      where: { subscriptionId: subscription.id },
      orderBy: [{ periodStart: "asc" }, { createdAt: "asc" }],
    }),
  };
}

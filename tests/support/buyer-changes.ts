import { expect } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import type { StripeDouble } from "../doubles/stripe-api";
import type { StripeMode } from "../doubles/stripe-mode";
import { Browser, buyer, type PaymentRoutes } from "../integration/payments/helpers";

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

/** A team subscription paid at the Stripe double through the checkout routes, its webhooks delivered. */
export async function stripePaidSeats(
  mode: StripeMode,
  routes: Pick<PaymentRoutes, "createIntent" | "paymentSuccess">,
  quantity: number,
) {
  const browser = new Browser();
  const input = buyer("team-training-seat", quantity);
  const created = await browser.call<{ paymentIntentId: string; subscriptionId: string; transactionId: string }>(
    routes.createIntent,
    "/api/create-payment-intent",
    input,
  );
  expect(created.status).toBe(200);
  for (const event of mode.double.succeed(created.body.paymentIntentId)) expect(await mode.deliver(event)).toBe(200);
  const claimed = await browser.call(routes.paymentSuccess, "/api/payment-success", {
    email: input.email,
    name: input.name,
    paymentIntentId: created.body.paymentIntentId,
    transactionId: created.body.transactionId,
    contactId: input.contactId,
  });
  expect(claimed.status).toBe(200);
  const subscription = await getDb().subscription.findUniqueOrThrow({ where: { orderId: created.body.transactionId } });
  return {
    email: input.email,
    orderId: created.body.transactionId,
    subscription,
    provider: created.body.subscriptionId,
  };
}

/**
 * Moves a Stripe double subscription's period (and our row's end) `days` back, as if bought that
 * long ago: the app prorates from the real time, which the double's test clock does not move.
 */
export async function backdateStripePeriod(double: StripeDouble, providerSubscriptionId: string, days: number) {
  const item = (double.get(providerSubscriptionId)!.items as { data: Record<string, number>[] }).data[0]!;
  item.current_period_start! -= days * 86_400;
  item.current_period_end! -= days * 86_400;
  await getDb().subscription.updateMany({
    where: { providerSubscriptionId },
    data: { currentPeriodEnd: new Date(item.current_period_end! * 1000) },
  });
  return { start: new Date(item.current_period_start! * 1000), end: new Date(item.current_period_end! * 1000) };
}

/**
 * What a billing run must never make twice for these orders: a second order per buyer, a second
 * invoice row for one period (or one seat change), a second order.paid, or more
 * subscription.updated events than buyer changes audited. Empty when there is none.
 */
export async function doubleRecords(orderIds: string[]): Promise<string[]> {
  const db = getDb();
  const found: string[] = [];
  const orders = await db.order.findMany({ where: { id: { in: orderIds } }, include: { subscription: true } });
  const emails = orders.map((o) => o.email);
  const perBuyer = await db.order.groupBy({ by: ["email"], where: { email: { in: emails } }, _count: true });
  for (const row of perBuyer) if (row._count > 1) found.push(`orders of ${row.email}: ${row._count}`);
  const subscriptionIds = orders.flatMap((o) => (o.subscription ? [o.subscription.id] : []));
  const invoices = await db.subscriptionInvoice.groupBy({
    // A seat change charged at a period's start shares it with the renewal, at another count.
    by: ["subscriptionId", "periodStart", "quantity"],
    where: { subscriptionId: { in: subscriptionIds } },
    _count: true,
  });
  for (const row of invoices)
    if (row._count > 1) found.push(`invoices of ${row.subscriptionId} ${row.periodStart.toISOString()}`);
  for (const order of orders) {
    const paid = await db.webhookEvent.count({
      where: { type: "order.paid", payload: { path: ["data", "transactionId"], equals: order.id } },
    });
    if (paid > 1) found.push(`order.paid of ${order.id} ×${paid}`);
    const changes = await buyerChangesOf(order.id);
    if (changes.events.length !== changes.audit.length) {
      found.push(`subscription.updated of ${order.id}: ${changes.events.length} for ${changes.audit.length} changes`);
    }
  }
  return found;
}

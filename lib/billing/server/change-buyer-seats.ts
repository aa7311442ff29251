import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { derivedKey } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";
import { ApiError, conflict } from "@/lib/platform/shared/api-error";
import { applySeatChange } from "@/lib/payments/server/apply-seat-change";
import { assertQuantity, findProduct } from "@/lib/payments/server/catalog";
import { demoNow } from "@/lib/payments/server/demo-clock";
import { viaGateway } from "@/lib/payments/server/gateway";
import { dropSeatPlan, planSeatChange } from "@/lib/payments/server/plan-seat-change";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { ownedSubscription } from "@/lib/billing/server/owned-subscription";
import { recordBuyerChange } from "@/lib/billing/server/record-buyer-change";

// The buyer's seat change (docs/decisions/0046): a preview prorated from "now", then the change
// invoiced from that same instant. The preview hands back a signed quote carrying that instant and
// the change's key, so the charge equals the preview and a double click is one change; the amount
// is always the provider's (or the demo gateway's) own computation, never the browser's.

const seats = z.number().int().min(1).max(10_000);
export const seatPreviewSchema = z.strictObject({ subscriptionId: z.uuid(), seats });
export const seatChangeSchema = z.strictObject({
  subscriptionId: z.uuid(),
  seats,
  quote: z.string().min(1).max(1_000),
});

export type SeatPreviewAnswer = {
  seats: number;
  previousSeats: number;
  /** Cents charged now; 0 when the change is a credit. */
  dueNow: number;
  /** Cents credited toward the next renewal; 0 when the change is a charge. */
  credit: number;
  nextRenewal: number;
  currentPeriodEnd: string | null;
  quote: string;
};

/** A preview is confirmed within this long, or looked at again. */
const QUOTE_MINUTES = 15;

const quoteSchema = z.object({
  subscription: z.uuid(),
  from: z.number().int(),
  to: z.number().int(),
  at: z.number().int(),
  periodEnd: z.number().int().nullable(),
  key: z.uuid(),
  expires: z.number().int(),
});
type Quote = z.infer<typeof quoteSchema>;

export const QUOTE_STALE =
  "The seats or the billing period changed since this price was shown. Please look at the new price again.";

function sealQuote(quote: Quote): string {
  return signValue(Buffer.from(JSON.stringify(quote)).toString("base64url"), derivedKey("seat-quote"));
}

function openQuote(sealed: string): Quote | null {
  const payload = verifySignedValue(sealed, derivedKey("seat-quote"));
  if (!payload) return null;
  try {
    const parsed = quoteSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const FAILURE = "The payment provider could not price the seat change. Nothing was changed; please try again.";

/** The subscription the buyer may change, and the range the catalog allows. */
async function changeable(email: string, subscriptionId: string, to: number) {
  const subscription = await ownedSubscription(email, subscriptionId);
  const product = await findProduct(subscription.order.productId, true);
  if (
    subscription.status !== "active" ||
    subscription.cancelAtPeriodEnd ||
    subscription.order.status !== "SUCCEEDED" ||
    product?.interval !== "month" ||
    product.quantityKind !== "seats"
  ) {
    throw new ApiError("seats_not_changeable");
  }
  assertQuantity(product, to);
  return subscription;
}

export async function previewBuyerSeats(
  email: string,
  input: z.infer<typeof seatPreviewSchema>,
  now = new Date(),
): Promise<SeatPreviewAnswer> {
  const subscription = await changeable(email, input.subscriptionId, input.seats);
  if (subscription.quantity === input.seats) {
    throw new ApiError("invalid_request", `The subscription already has ${input.seats} seats.`);
  }
  const gateway = gatewayOf(subscription.order);
  // The demo gateway bills by its own clock, which a demonstration can move on.
  const at = new Date(Math.floor((gateway.name === "demo" ? await demoNow() : now).getTime() / 1000) * 1000);
  const preview = await viaGateway(
    () =>
      gateway.previewSeats({
        subscriptionId: subscription.providerSubscriptionId,
        quantity: input.seats,
        prorationDate: at,
      }),
    FAILURE,
  );
  const periodEnd = subscription.currentPeriodEnd;
  return {
    seats: input.seats,
    previousSeats: subscription.quantity,
    dueNow: Math.max(0, preview.net),
    credit: Math.max(0, -preview.net),
    nextRenewal: preview.nextRenewal,
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
    quote: sealQuote({
      subscription: subscription.id,
      from: subscription.quantity,
      to: input.seats,
      at: at.getTime(),
      periodEnd: periodEnd?.getTime() ?? null,
      key: randomUUID(),
      expires: now.getTime() + QUOTE_MINUTES * 60_000,
    }),
  };
}

export async function changeBuyerSeats(
  email: string,
  input: z.infer<typeof seatChangeSchema>,
  now = new Date(),
): Promise<{ seats: number; previousSeats: number }> {
  const quote = openQuote(input.quote);
  if (
    !quote ||
    quote.subscription !== input.subscriptionId ||
    quote.to !== input.seats ||
    quote.expires < now.getTime()
  ) {
    throw conflict("This price is no longer valid. Please look at the seat change's price again.");
  }
  const subscription = await changeable(email, input.subscriptionId, input.seats);
  const change = await planSeatChange({
    orderId: subscription.orderId,
    target: { seats: input.seats },
    requestKey: `billing-${quote.key}`,
    reason: "Changed by the buyer on the billing page.",
    operatorId: null,
    withRefund: false,
  });
  if (!change) return { seats: input.seats, previousSeats: quote.from };
  const periodEnd = subscription.currentPeriodEnd?.getTime() ?? null;
  if (!change.appliedAt && (change.fromQuantity !== quote.from || periodEnd !== quote.periodEnd)) {
    await dropSeatPlan(change);
    throw conflict(QUOTE_STALE);
  }
  const applied = await applySeatChange(change, null, {
    invoiceNow: { prorationDate: new Date(quote.at) },
    record: (tx, changed) =>
      recordBuyerChange(
        tx,
        changed,
        { kind: "seats", from: change.fromQuantity, to: change.toQuantity },
        { email, via: "session" },
        change.id,
      ),
  });
  return { seats: applied.seats, previousSeats: applied.previousSeats };
}

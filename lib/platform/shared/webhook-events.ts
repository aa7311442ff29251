// Only what a CRM needs; never passwords, tokens, phone numbers or client secrets
// (docs/operations.md#outgoing-webhooks).

export const WEBHOOK_EVENT_TYPES = [
  "lead.created",
  "lead.qualified",
  "order.paid",
  "order.refunded",
  "call.scheduled",
  "subscription.updated",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export type Touch = { source: string; medium: string; campaign: string; term: string; content: string };

export type Attribution = { funnelSessionId: string; firstTouch: Touch; lastTouch: Touch };

export type LeadData = {
  leadId: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  firstTouch: Touch;
  lastTouch: Touch;
};

export type QualifiedData = {
  leadId: string | null;
  name: string | null;
  email: string | null;
  contactId: string;
  track: "business_owner" | "non_owner";
  ruleVersion: string;
  qualifiedAt: string;
};

export type OrderData = {
  transactionId: string;
  leadId: string | null;
  name: string;
  email: string;
  productId: string;
  productName: string;
  upsellProductId: string | null;
  isSubscription: boolean;
  quantity: number;
  unitAmount: number;
  totalAmount: number;
  currency: string;
  attribution: Attribution;
};

export type OrderPaidData = OrderData & { paidAt: string };
export type RefundData = {
  refundId: string;
  amount: number;
  refundedTotal: number;
  fullyRefunded: boolean;
  source: "console" | "provider";
};
export type OrderRefundedData = OrderData & { refundedAt: string; refund?: RefundData };

export type CallData = {
  callId: string;
  eventId: string;
  source: "built_in" | "booking_widget";
  leadId: string | null;
  name: string | null;
  email: string | null;
  contactId: string;
  scheduledTime: string | null;
  eventType: string;
  userTimezone: string;
};

/** What a buyer changed on their billing page; `from`/`to` are seat counts for "seats". */
export type SubscriptionChange =
  | { kind: "cancel_at_period_end" }
  | { kind: "resumed" }
  | { kind: "seats"; from: number; to: number }
  | { kind: "card" };

export type SubscriptionUpdatedData = {
  subscriptionId: string;
  transactionId: string;
  leadId: string | null;
  name: string;
  email: string;
  productId: string;
  productName: string;
  seats: number;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  change: SubscriptionChange;
  source: "buyer";
  updatedAt: string;
};

export type WebhookData = {
  "lead.created": LeadData;
  "lead.qualified": QualifiedData;
  "order.paid": OrderPaidData;
  "order.refunded": OrderRefundedData;
  "call.scheduled": CallData;
  "subscription.updated": SubscriptionUpdatedData;
};

export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = {
  id: string;
  type: T;
  timestamp: string;
  data: WebhookData[T];
};

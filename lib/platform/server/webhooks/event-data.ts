import "server-only";
import type { Order, Prospect } from "@/lib/generated/prisma/client";
import type { CallData, LeadData, OrderData, Touch } from "@/lib/platform/shared/webhook-events";

// Only what a CRM needs.

type Touches = Pick<
  Prospect,
  | "firstUtmSource"
  | "firstUtmMedium"
  | "firstUtmCampaign"
  | "firstUtmTerm"
  | "firstUtmContent"
  | "lastUtmSource"
  | "lastUtmMedium"
  | "lastUtmCampaign"
  | "lastUtmTerm"
  | "lastUtmContent"
>;

function touches(row: Touches): { firstTouch: Touch; lastTouch: Touch } {
  return {
    firstTouch: {
      source: row.firstUtmSource,
      medium: row.firstUtmMedium,
      campaign: row.firstUtmCampaign,
      term: row.firstUtmTerm,
      content: row.firstUtmContent,
    },
    lastTouch: {
      source: row.lastUtmSource,
      medium: row.lastUtmMedium,
      campaign: row.lastUtmCampaign,
      term: row.lastUtmTerm,
      content: row.lastUtmContent,
    },
  };
}

export function leadData(prospect: Prospect): LeadData {
  return {
    leadId: prospect.id,
    name: prospect.name,
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    email: prospect.email,
    createdAt: prospect.createdAt.toISOString(),
    ...touches(prospect),
  };
}

export function orderData(order: Order): OrderData {
  return {
    transactionId: order.id,
    leadId: order.prospectId,
    name: order.name,
    email: order.email,
    productId: order.productId,
    productName: order.productName,
    upsellProductId: order.upsellProductId,
    isSubscription: order.isSubscription,
    quantity: order.quantity,
    unitAmount: order.unitPrice,
    totalAmount: order.totalAmount,
    currency: order.currency,
    attribution: { funnelSessionId: order.contactId, ...touches(order) },
  };
}

export function callData(
  call: {
    id: string;
    eventId: string;
    sessionId: string;
    scheduledTime: Date | null;
    eventType: string;
    userTimezone: string;
  },
  prospect: Pick<Prospect, "id" | "name" | "email"> | null,
  source: CallData["source"],
): CallData {
  return {
    callId: call.id,
    eventId: call.eventId,
    source,
    leadId: prospect?.id ?? null,
    name: prospect?.name ?? null,
    email: prospect?.email ?? null,
    contactId: call.sessionId,
    scheduledTime: call.scheduledTime?.toISOString() ?? null,
    eventType: call.eventType,
    userTimezone: call.userTimezone,
  };
}

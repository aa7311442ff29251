import "server-only";
import { addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import { personScope, type PersonDb, type PersonScope } from "@/lib/privacy/server/person-scope";

// Credentials (password hash, hand-off token, link hashes, browser id) are left out: handing
// them out would only open a way into the account or session.

export type PersonRecords = Record<string, readonly object[]>;

const byOrder = (scope: PersonScope) => ({ orderId: { in: scope.orderIds } });

export async function personRecords(db: PersonDb, scope: PersonScope): Promise<PersonRecords> {
  const hash = { in: addressHashes(scope.email) };
  const [demoIntents, demoSubscriptions, demoRefunds, demoCustomers, rateLimitBuckets] = await Promise.all([
    db.$queryRaw<object[]>`SELECT id, amount, currency, status, subscription_id, metadata, created_at
      FROM demo_payment_intents WHERE metadata->>'transactionId' = ANY(${scope.orderIds}::text[])`,
    db.$queryRaw<object[]>`SELECT id, quantity, unit_amount, status, metadata, created_at
      FROM demo_subscriptions WHERE metadata->>'transactionId' = ANY(${scope.orderIds}::text[])`,
    db.$queryRaw<object[]>`SELECT id, payment_intent_id, amount, currency, reason, metadata, created_at
      FROM demo_refunds WHERE payment_intent_id IN (SELECT id FROM demo_payment_intents
        WHERE metadata->>'transactionId' = ANY(${scope.orderIds}::text[]))`,
    db.$queryRaw<object[]>`SELECT id, email, name, created_at FROM demo_customers
      WHERE id IN (SELECT customer_id FROM demo_payment_intents
        WHERE metadata->>'transactionId' = ANY(${scope.orderIds}::text[]))`,
    db.$queryRaw<object[]>`SELECT key, window_start, count FROM rate_limit_buckets
      WHERE key LIKE ANY(${scope.phones.map((phone) => `%:${phone}`)}::text[])`,
  ]);
  return {
    prospects: await db.prospect.findMany({ where: { id: { in: scope.prospectIds } } }),
    lead_notes: await db.leadNote.findMany({
      where: { prospectId: { in: scope.prospectIds } },
      omit: { operatorId: true },
    }),
    sequence_enrollments: await db.sequenceEnrollment.findMany({ where: { prospectId: { in: scope.prospectIds } } }),
    broadcast_recipients: await db.broadcastRecipient.findMany({ where: { prospectId: { in: scope.prospectIds } } }),
    funnel_sessions: await db.funnelSession.findMany({
      where: { id: { in: scope.sessionIds } },
      omit: { browserId: true },
    }),
    funnel_events: await db.funnelEvent.findMany({
      where: { sessionId: { in: scope.sessionIds } },
      orderBy: { receivedAt: "asc" },
    }),
    // Opt-ins with this address from browsers not yet confirmed: what they entered, without the link's hash.
    lead_claims: await db.leadClaim.findMany({
      where: { prospectId: { in: scope.prospectIds } },
      omit: { tokenHash: true },
    }),
    survey_responses: await db.surveyResponse.findMany({ where: { id: { in: scope.surveyResponseIds } } }),
    orders: await db.order.findMany({ where: { id: { in: scope.orderIds } }, omit: { browserId: true } }),
    subscriptions: await db.subscription.findMany({ where: byOrder(scope) }),
    issued_accounts: await db.issuedAccount.findMany({
      where: { OR: [byOrder(scope), { loginEmail: { equals: scope.email, mode: "insensitive" } }] },
      omit: { passwordHash: true },
    }),
    handoff_tokens: await db.handoffToken.findMany({ where: byOrder(scope) }),
    demo_payment_intents: demoIntents,
    refunds: await db.refund.findMany({ where: byOrder(scope) }),
    disputes: await db.dispute.findMany({ where: byOrder(scope) }),
    seat_changes: await db.seatChange.findMany({ where: byOrder(scope) }),
    coupon_redemptions: await db.couponRedemption.findMany({ where: byOrder(scope) }),
    demo_subscriptions: demoSubscriptions,
    demo_refunds: demoRefunds,
    demo_customers: demoCustomers,
    phone_consents: await db.phoneConsent.findMany({ where: { id: { in: scope.phoneConsentIds } } }),
    bookings: await db.booking.findMany({ where: { id: { in: scope.bookingIds } }, omit: { manageTokenHash: true } }),
    scheduled_calls: await db.scheduledCall.findMany({ where: { id: { in: scope.scheduledCallIds } } }),
    outgoing_emails: await db.outgoingEmail.findMany({
      where: { id: { in: scope.emailIds } },
      omit: { sealedBody: true },
    }),
    // What Resend reported of those e-mails, and the links the person followed in them.
    email_delivery_events: await db.emailDeliveryEvent.findMany({ where: { emailId: { in: scope.emailIds } } }),
    email_link_clicks: await db.emailLinkClick.findMany({
      where: { OR: [{ emailId: { in: scope.emailIds } }, { prospectId: { in: scope.prospectIds } }] },
    }),
    webhook_events: await db.webhookEvent.findMany({ where: { id: { in: scope.webhookEventIds } } }),
    privacy_requests: await db.privacyRequest.findMany({
      where: { id: { in: scope.privacyRequestIds } },
      omit: { browserId: true, verifyTokenHash: true },
    }),
    // Sign-ins to the billing page, without the link's hash.
    billing_links: await db.billingLink.findMany({
      where: { email: { equals: scope.email, mode: "insensitive" } },
      omit: { tokenHash: true },
    }),
    email_suppressions: await db.emailSuppression.findMany({ where: { addressHash: hash } }),
    privacy_preferences: await db.privacyPreference.findMany({ where: { addressHash: hash } }),
    rate_limit_buckets: rateLimitBuckets,
  };
}

export async function recordsFor(db: PersonDb, email: string): Promise<PersonRecords> {
  return personRecords(db, await personScope(db, email));
}

export function recordCounts(records: PersonRecords): { table: string; rows: number }[] {
  return Object.entries(records).map(([table, rows]) => ({ table, rows: rows.length }));
}

export function recordsJson(records: PersonRecords, meta: Record<string, string>): string {
  const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);
  return JSON.stringify({ ...meta, tables: records }, replacer, 2);
}

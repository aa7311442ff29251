import "server-only";
import { randomUUID } from "node:crypto";
import { addressHash, addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import { hashConsentEvidence } from "@/lib/privacy/server/consent-evidence";
import { eraseJobPayloads } from "@/lib/privacy/server/erase-job-payloads";
import { personScope, type PersonDb } from "@/lib/privacy/server/person-scope";
import { scrubAttribution } from "@/lib/privacy/server/scrub-attribution";

// Erasure of one person (docs/product.md#privacy-rights; what stays and why:
// docs/operations.md#personal-data-lifecycle). Runs in the caller's transaction, and is idempotent.

export type ErasureCounts = Record<string, number>;

/** Free-text fields a visitor's browser wrote; the rest are catalog values. */
const FREE_TEXT_EVENT_FIELDS = [
  "referrer",
  "source",
  "target",
  "button",
  "eventId",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
];

export async function erasePerson(tx: PersonDb, address: string): Promise<ErasureCounts> {
  const scope = await personScope(tx, address);
  const counts: ErasureCounts = {};
  const inIds = (list: string[]) => ({ id: { in: list } });

  // Deliveries not yet made would send the old payload.
  counts.webhook_deliveries_skipped = (
    await tx.webhookDelivery.updateMany({
      where: { eventId: { in: scope.webhookEventIds }, status: "PENDING" },
      data: { status: "SKIPPED", nextAttemptAt: null },
    })
  ).count;
  // The event row stays: its id keeps a replayed cause from sending again.
  counts.webhook_events = await tx.$executeRaw`
    UPDATE webhook_events SET payload = jsonb_build_object('id', id, 'type', type, 'erased', true)
    WHERE id = ANY(${scope.webhookEventIds}::text[]) AND NOT (payload ? 'erased')`;

  counts.scheduled_calls = (await tx.scheduledCall.deleteMany({ where: inIds(scope.scheduledCallIds) })).count;
  counts.bookings = (await tx.booking.deleteMany({ where: inIds(scope.bookingIds) })).count;

  counts.phone_consents = await hashConsentEvidence(tx, scope.phoneConsentIds);
  // The phone-consent limiter's counters are keyed by the number itself.
  counts.rate_limit_buckets = await tx.$executeRaw`
    DELETE FROM rate_limit_buckets WHERE key LIKE ANY(${scope.phones.map((phone) => `%:${phone}`)}::text[])`;

  counts.survey_responses = (
    await tx.surveyResponse.updateMany({
      where: inIds(scope.surveyResponseIds),
      data: {
        prospectId: null,
        readyToImplement: null,
        hasBudget: null,
        willSaveMoney: null,
        industry: null,
        revenue: null,
        aiExperience: null,
        businessMotivation: null,
        investmentPlan: null,
        businessVision: null,
      },
    })
  ).count;
  counts.funnel_events = await tx.$executeRaw`
    UPDATE funnel_events SET data = data - ${FREE_TEXT_EVENT_FIELDS}::text[]
    WHERE session_id = ANY(${scope.sessionIds}::text[]) AND data ?| ${FREE_TEXT_EVENT_FIELDS}::text[]`;
  counts.attribution_values = await scrubAttribution(tx, scope, [scope.email, ...scope.phones, ...scope.names]);
  // A fresh random browser id: the person's cookie no longer opens these sessions.
  counts.funnel_sessions = await tx.$executeRaw`
    UPDATE funnel_sessions SET browser_id = 'erased:' || gen_random_uuid(), prospect_id = NULL
    WHERE id = ANY(${scope.sessionIds}::text[])`;

  counts.issued_accounts = (
    await tx.issuedAccount.deleteMany({
      where: {
        OR: [{ orderId: { in: scope.orderIds } }, { loginEmail: { equals: scope.email, mode: "insensitive" } }],
      },
    })
  ).count;
  // The billing page's sign-in links and their record of sign-ins; its limiter keys by the address's hash.
  counts.billing_links = (
    await tx.billingLink.deleteMany({ where: { email: { equals: scope.email, mode: "insensitive" } } })
  ).count;
  const linkBuckets = addressHashes(scope.email).map((hash) => `billing-link-address:${hash}`);
  counts.rate_limit_buckets +=
    await tx.$executeRaw`DELETE FROM rate_limit_buckets WHERE key = ANY(${linkBuckets}::text[])`;
  counts.handoff_tokens = (await tx.handoffToken.deleteMany({ where: { orderId: { in: scope.orderIds } } })).count;
  // The demo provider's customer behind a saved card; the card itself keeps only its last four digits.
  counts.demo_customers = await tx.$executeRaw`
    UPDATE demo_customers SET email = NULL, name = NULL
    WHERE (email IS NOT NULL OR name IS NOT NULL) AND id IN (SELECT customer_id FROM demo_payment_intents
      WHERE metadata->>'transactionId' = ANY(${scope.orderIds}::text[]))`;
  // Cancelled, so the reconciliation and recovery sweeps leave them be.
  await tx.order.updateMany({
    where: { id: { in: scope.orderIds }, status: { in: ["PENDING", "FAILED"] } },
    data: { status: "CANCELED" },
  });
  for (const id of scope.orderIds) {
    await tx.order.update({
      where: { id },
      data: { email: "", name: "", browserId: `erased:${randomUUID()}`, prospectId: null, failureMessage: null },
    });
  }
  counts.orders = scope.orderIds.length;
  // The use stays counted against the coupon's total; the per-buyer limit no longer knows the person.
  counts.coupon_redemptions = (
    await tx.couponRedemption.updateMany({ where: { orderId: { in: scope.orderIds } }, data: { email: "" } })
  ).count;
  counts.refund_notes = await eraseRefundNotes(tx, scope.orderIds);

  // The row stays so delivery history adds up.
  await tx.outgoingEmail.updateMany({
    where: { id: { in: scope.emailIds }, status: { in: ["QUEUED", "SENDING"] } },
    data: { status: "FAILED" },
  });
  counts.outgoing_emails = (
    await tx.outgoingEmail.updateMany({
      where: inIds(scope.emailIds),
      data: {
        recipient: "",
        subject: "",
        html: "",
        text: "",
        attachments: [],
        headers: {},
        sealedBody: null,
        error: null,
        prospectId: null,
      },
    })
  ).count;

  counts.queue_jobs = await eraseJobPayloads(tx, [scope.email, ...scope.phones, ...scope.names]);

  counts.lead_notes = (await tx.leadNote.deleteMany({ where: { prospectId: { in: scope.prospectIds } } })).count;
  // An operator's tag is free text too; the audit rows stay, without it.
  counts.lead_tag_audits = await tx.$executeRaw`
    UPDATE audit_log SET details = details - 'tag'
    WHERE target_type = 'lead' AND target_id = ANY(${scope.prospectIds}::text[]) AND details ? 'tag'`;
  counts.prospects = (await tx.prospect.deleteMany({ where: inIds(scope.prospectIds) })).count;
  counts.email_suppressions = (
    await tx.emailSuppression.createMany({
      data: [{ addressHash: addressHash(scope.email), reason: "PRIVACY_REQUEST" }],
      skipDuplicates: true,
    })
  ).count;
  return counts;
}

async function eraseRefundNotes(tx: PersonDb, orderIds: string[]): Promise<number> {
  const refunds = await tx.refund.updateMany({
    where: { orderId: { in: orderIds }, reason: { not: null } },
    data: { reason: null },
  });
  const demo = await tx.$executeRaw`
    UPDATE demo_refunds SET reason = NULL
    WHERE reason IS NOT NULL AND payment_intent_id IN (SELECT id FROM demo_payment_intents
      WHERE metadata->>'transactionId' = ANY(${orderIds}::text[]))`;
  // A seat change's reason is written beside a refund's, often the same words.
  const seats = await tx.seatChange.updateMany({
    where: { orderId: { in: orderIds }, reason: { not: "" } },
    data: { reason: "" },
  });
  const audits = await tx.$executeRaw`
    UPDATE audit_log SET details = details - 'reason'
    WHERE action IN ('order.refund', 'order.change_seats') AND target_type = 'order'
      AND target_id = ANY(${orderIds}::text[]) AND details ? 'reason'`;
  return refunds.count + demo + seats.count + audits;
}

import "server-only";
import { randomUUID } from "node:crypto";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { hashConsentEvidence } from "@/lib/privacy/server/consent-evidence";
import { personScope, type PersonDb } from "@/lib/privacy/server/person-scope";
import { scrubAttribution } from "@/lib/privacy/server/scrub-attribution";

// Erasure of one person (privacy request "delete"; README "Personal data: what erasure keeps").
// Runs inside the caller's transaction, so it all happens or nothing does, and is idempotent: a
// second run finds nothing left to link to the address and changes nothing. What stays, and why:
// - orders: amounts, currency, product, dates, status and provider ids (tax and refunds); the name,
//   e-mail, browser and prospect links go. Their refunds and disputes stay too (amounts, ids,
//   dates); the operator's refund note is free text that may name the person, so it goes, from the
//   refund, the demo provider's copy and the order.refund audit row.
// - phone_consents: the consent text, its version, the page and the time stay as proof of consent
//   (kept 5 years); the phone number, IP address and user agent become keyed hashes, so a
//   presented number can still be checked against the evidence, but the row names nobody.
// - email_suppressions: the address's keyed hash, so it is never mailed marketing again.
// - funnel sessions, survey verdicts and funnel events stay for the funnel's statistics, with
//   the answers, free-text event fields and the browser link removed.
// - privacy_requests: the request itself (who asked, what, when answered), kept 24 months as the
//   record of requests the CCPA regulations require (Cal. Code Regs. tit. 11 § 7101).

export type ErasureCounts = Record<string, number>;

/** Event fields that are free text a visitor's browser wrote; the rest are catalog values. */
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

  // Deliveries not yet made would send the old payload: they stop here.
  counts.webhook_deliveries_skipped = (
    await tx.webhookDelivery.updateMany({
      where: { eventId: { in: scope.webhookEventIds }, status: "PENDING" },
      data: { status: "SKIPPED", nextAttemptAt: null },
    })
  ).count;
  // The event row stays (its id is what makes a replayed cause send nothing again); the body goes.
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
  // A fresh random browser id per session: the person's cookie no longer opens them.
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
  counts.handoff_tokens = (await tx.handoffToken.deleteMany({ where: { orderId: { in: scope.orderIds } } })).count;
  // Unpaid orders are no tax record; cancelled, the sweeps (reconciliation, recovery) leave them be.
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
  counts.refund_notes = await eraseRefundNotes(tx, scope.orderIds);

  // The row stays so delivery history adds up; what was said and to whom goes. Not yet sent: never.
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
        error: null,
        prospectId: null,
      },
    })
  ).count;

  counts.prospects = (await tx.prospect.deleteMany({ where: inIds(scope.prospectIds) })).count;
  counts.email_suppressions = (
    await tx.emailSuppression.createMany({
      data: [{ addressHash: addressHash(scope.email), reason: "PRIVACY_REQUEST" }],
      skipDuplicates: true,
    })
  ).count;
  return counts;
}

/** The operator's refund notes on the person's orders; the refunds themselves stay with the order. */
async function eraseRefundNotes(tx: PersonDb, orderIds: string[]): Promise<number> {
  const refunds = await tx.refund.updateMany({
    where: { orderId: { in: orderIds }, reason: { not: null } },
    data: { reason: null },
  });
  const demo = await tx.$executeRaw`
    UPDATE demo_refunds SET reason = NULL
    WHERE reason IS NOT NULL AND payment_intent_id IN (SELECT id FROM demo_payment_intents
      WHERE metadata->>'transactionId' = ANY(${orderIds}::text[]))`;
  const audits = await tx.$executeRaw`
    UPDATE audit_log SET details = details - 'reason'
    WHERE action = 'order.refund' AND target_type = 'order' AND target_id = ANY(${orderIds}::text[])
      AND details ? 'reason'`;
  return refunds.count + demo + audits;
}

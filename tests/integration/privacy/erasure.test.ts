import { describe, expect, it } from "vitest";
import { sweepLifecycle } from "@/lib/lifecycle/server/sweep-lifecycle";
import { GET as exportRoute } from "@/app/api/admin/privacy/export/route";
import { POST as eraseRoute } from "@/app/api/admin/privacy/erase/route";
import { POST as completeRoute } from "@/app/api/admin/privacy/complete/route";
import { POST as refundRoute } from "@/app/api/admin/orders/refund/route";
import { QUEUES } from "@/lib/platform/shared/queues";
import { storedAttachments } from "@/lib/platform/server/mail/mailer";
import { isSuppressed } from "@/lib/platform/server/mail/suppression-list";
import { getDb } from "@/lib/platform/server/db";
import { evidenceHash } from "@/lib/privacy/server/consent-evidence";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";
import { requestKey } from "@/tests/integration/console/purchase";
import { archiveJob, insertJob, workOff } from "@/tests/support/jobs";
import { scanDatabase, scannedColumnCount, type Hit } from "@/tests/support/scan-database";
import { seedPerson, type SeededPerson } from "./seed-person";

// After an erasure no row holds the person's e-mail, phone or name in clear, except
// the retained records the README lists ("Personal data: what erasure keeps"): the privacy request
// itself and, once completed, the address the answer was sent to.

const db = () => getDb();
const needles = (p: SeededPerson) => [p.email, p.phoneE164, p.phone, p.phoneE164.slice(2), p.name, p.lastName];
/** The app's tables and the job queue's (payloads, error output, archive). */
const SCHEMAS = ["public", "pgboss"];

/** Queue rows that name the person, as a provider's bounce or a job payload would. */
async function personInQueue(person: SeededPerson): Promise<void> {
  await insertJob({ name: QUEUES.email, state: "failed", ageDays: 0, output: { message: `550 <${person.email}>` } });
  await archiveJob(
    await insertJob({
      name: QUEUES.webhook,
      state: "completed",
      ageDays: 1,
      data: { to: person.name, tel: person.phone },
    }),
  );
  await insertJob({
    name: QUEUES.email,
    state: "created",
    ageDays: 0,
    data: { name: `${person.name} ${person.lastName}` },
  });
}

/** Hits outside the README's retained records. */
async function unexpectedHits(person: SeededPerson): Promise<Hit[]> {
  const hits = await scanDatabase(needles(person), SCHEMAS);
  const completed = await db().outgoingEmail.findMany({
    where: { recipient: person.email, template: "privacy-request-completed" },
  });
  return hits.filter(
    (hit) =>
      !(hit.table === "privacy_requests" && ["email", "name", "details"].includes(hit.column)) &&
      !(hit.table === "outgoing_emails" && hit.column === "recipient" && hit.rows === completed.length),
  );
}

/**
 * A seeded person with a privacy request, and a partial console refund of their order whose
 * operator's note names them (free text); with the signed-in operator who made it.
 */
async function personWithRefundNote(
  ...seed: Parameters<typeof seedPerson>
): Promise<{ operator: SignedInOperator; person: SeededPerson }> {
  const operator = await signedInOperator();
  const person = await seedPerson(...seed);
  const body = {
    orderId: person.orderId,
    amount: 100,
    reason: `${person.name} ${person.lastName} asked for part of it back`,
    requestKey: requestKey(),
  };
  const response = await refundRoute(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }));
  expect(response.status).toBe(200);
  return { operator, person };
}

describe("erasure of a person (privacy request: delete)", () => {
  it("leaves no clear e-mail, phone or name outside the retained records, keeps what the law needs, once", async () => {
    const { operator, person } = await personWithRefundNote("delete", 60);
    await workOff(QUEUES.email);
    await personInQueue(person);

    // Before: the scan finds the person almost everywhere (so the scan itself works).
    expect(await scannedColumnCount()).toBeGreaterThan(100);
    const before = new Set((await scanDatabase(needles(person), SCHEMAS)).map((hit) => hit.table));
    for (const table of [
      "prospects",
      "orders",
      "phone_consents",
      "outgoing_emails",
      "webhook_events",
      "funnel_events",
      "issued_accounts",
      "rate_limit_buckets",
      "privacy_requests",
      "billing_links",
      // Copies of the link's UTM values, which carried the address and the name.
      "funnel_sessions",
      "demo_payment_intents",
      // The refund note, in the refund, the demo provider's copy and the audit row.
      "refunds",
      "demo_refunds",
      "audit_log",
      // A bounce quoting the address, payloads naming the person, live and archived.
      "pgboss.job",
      "pgboss.archive",
    ]) {
      expect(before, table).toContain(table);
    }
    const orderBefore = await db().order.findUniqueOrThrow({ where: { id: person.orderId } });
    // Enrolled in the lifecycle sequences: the erasure takes the enrollments with the lead.
    await sweepLifecycle();
    const enrolled = { prospect: { email: person.email } };
    expect(await db().sequenceEnrollment.count({ where: enrolled })).toBeGreaterThan(0);
    const enrollments = await db().sequenceEnrollment.count();

    const erased = await eraseRoute(
      adminRequest("/api/admin/privacy/erase", { body: { id: person.requestId }, cookie: operator.cookie }),
    );
    expect(erased.status).toBe(200);
    const { erased: counts } = (await erased.json()) as { erased: Record<string, number> };
    expect(counts).toMatchObject({
      prospects: 1,
      orders: 1,
      bookings: 1,
      phone_consents: 1,
      issued_accounts: 1,
      billing_links: 1,
      refund_notes: 3,
    });

    expect(await unexpectedHits(person)).toEqual([]);
    expect(await db().sequenceEnrollment.count({ where: enrolled })).toBe(0);
    expect(await db().sequenceEnrollment.count()).toBeLessThan(enrollments);

    // Kept for tax: the order's amounts, product, dates and status, with nobody's name on it.
    const order = await db().order.findUniqueOrThrow({ where: { id: person.orderId } });
    expect(order).toMatchObject({
      status: "SUCCEEDED",
      totalAmount: orderBefore.totalAmount,
      productId: orderBefore.productId,
      currency: orderBefore.currency,
      email: "",
      name: "",
      prospectId: null,
    });
    expect(order.createdAt).toEqual(orderBefore.createdAt);
    expect(order.fulfilledAt).toEqual(orderBefore.fulfilledAt);
    // The refund stays with the order, without the note.
    expect(await db().refund.findMany({ where: { orderId: person.orderId } })).toMatchObject([
      { amount: 100, reason: null },
    ]);
    // The campaign stays countable; only values holding the person's identifiers are blanked.
    expect(order).toMatchObject({ firstUtmSource: "newsletter", firstUtmTerm: "", firstUtmContent: "" });
    // Kept as proof of consent: text, version, time; the number only as a hash that still matches it.
    const consent = await db().phoneConsent.findFirstOrThrow({ where: { sessionId: person.contactId } });
    expect(consent.phoneE164).toBe(evidenceHash("consent-phone", person.phoneE164));
    expect(consent.consentText.length).toBeGreaterThan(50);
    expect(consent.ip.startsWith("hmac:") && consent.userAgent.startsWith("hmac:")).toBe(true);
    // Never mailed marketing again; the booking and its call are gone.
    expect(await isSuppressed(person.email)).toBe(true);
    expect(await db().booking.count({ where: { id: person.bookingId } })).toBe(0);
    expect(await db().prospect.count({ where: { email: person.email } })).toBe(0);
    // The audit row names the request, not the person.
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: "privacy.erase", targetId: person.requestId },
    });
    expect(audit.operatorId).toBe(operator.operatorId);
    expect(JSON.stringify(audit.details)).not.toContain(person.email);

    // Idempotent: a second run finds nothing more to change.
    const again = await eraseRoute(
      adminRequest("/api/admin/privacy/erase", { body: { id: person.requestId }, cookie: operator.cookie }),
    );
    expect(again.status).toBe(200);
    const { erased: second } = (await again.json()) as { erased: Record<string, number> };
    expect(
      Object.values(second).every((n) => n === 0),
      JSON.stringify(second),
    ).toBe(true);

    // Completing e-mails the requester (transactional, no name in it) and records who and when.
    const completed = await completeRoute(
      adminRequest("/api/admin/privacy/complete", { body: { id: person.requestId }, cookie: operator.cookie }),
    );
    expect(completed.status).toBe(200);
    await workOff(QUEUES.email);
    const answer = await db().outgoingEmail.findFirstOrThrow({
      where: { recipient: person.email, template: "privacy-request-completed" },
    });
    expect(answer.status).toBe("LOGGED");
    expect(answer.text).toContain("We have deleted your personal information");
    expect(answer.html + answer.text).not.toContain(person.lastName);
    const request = await db().privacyRequest.findUniqueOrThrow({ where: { id: person.requestId } });
    expect(request).toMatchObject({ status: "completed", completedBy: operator.operatorId });
    expect(await unexpectedHits(person)).toEqual([]);
    // A completed request takes no more actions.
    const late = await eraseRoute(
      adminRequest("/api/admin/privacy/erase", { body: { id: person.requestId }, cookie: operator.cookie }),
    );
    expect(late.status).toBe(409);
    // Three scans of every text column in two schemas, besides seeding a whole funnel.
  }, 60_000);
});

describe("access export (privacy request: access)", () => {
  it("downloads every table's rows for the person, audited, and the answer carries it", async () => {
    const { operator, person } = await personWithRefundNote("access", 62);
    // Disputes come only from Stripe (charge.dispute.*): one as its webhook would record it.
    await db().dispute.create({
      data: {
        orderId: person.orderId,
        providerDisputeId: `dp_${person.requestId}`,
        amount: 700,
        currency: "usd",
        reason: "fraudulent",
        status: "needs_response",
      },
    });
    // The lifecycle sweep enrolls the opt-in in the seeded sequences.
    expect((await sweepLifecycle()).enrolled).toBeGreaterThan(0);
    // Resend reported an e-mail delivered, and the person followed one of its links.
    const email = await db().outgoingEmail.findFirstOrThrow({ where: { prospect: { email: person.email } } });
    await db().emailDeliveryEvent.create({
      data: {
        providerEventId: `msg_${person.requestId}`,
        emailId: email.id,
        type: "delivered",
        occurredAt: new Date(),
      },
    });
    await db().emailLinkClick.create({
      data: { emailId: email.id, prospectId: email.prospectId, url: "http://localhost:3000/free-download" },
    });
    const response = await exportRoute(
      adminRequest(`/api/admin/privacy/export?id=${person.requestId}`, { cookie: operator.cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const body = (await response.json()) as { email: string; tables: Record<string, Record<string, unknown>[]> };
    expect(body.email).toBe(person.email);
    const count = (table: string) => body.tables[table]?.length ?? 0;
    for (const table of [
      "prospects",
      "funnel_sessions",
      "funnel_events",
      "survey_responses",
      "orders",
      "issued_accounts",
      "handoff_tokens",
      "demo_payment_intents",
      "phone_consents",
      "bookings",
      "scheduled_calls",
      "sequence_enrollments",
      "outgoing_emails",
      "email_delivery_events",
      "email_link_clicks",
      "webhook_events",
      "privacy_requests",
      "billing_links",
      "rate_limit_buckets",
      "refunds",
      "disputes",
      "demo_refunds",
    ]) {
      expect(count(table), table).toBeGreaterThan(0);
    }
    expect(count("scheduled_calls")).toBe(2);
    const text = JSON.stringify(body);
    expect(text).toContain(person.phoneE164);
    expect(text).toContain(person.name);
    // Credentials are not information about the person: never in the export.
    expect(text).not.toMatch(/passwordHash|manageTokenHash|"token"|clientSecret|browserId/);
    expect(await db().auditLog.count({ where: { action: "privacy.export", targetId: person.requestId } })).toBe(1);

    const done = await completeRoute(
      adminRequest("/api/admin/privacy/complete", { body: { id: person.requestId }, cookie: operator.cookie }),
    );
    expect(done.status).toBe(200);
    const answer = await db().outgoingEmail.findFirstOrThrow({
      where: { recipient: person.email, template: "privacy-request-completed" },
    });
    const [file] = storedAttachments(answer.attachments);
    expect(file?.contentType).toBe("application/json");
    expect(file?.content).toContain(person.orderId);
  });
});

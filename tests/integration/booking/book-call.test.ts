import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as book } from "@/app/api/booking/route";
import { POST as phoneConsent } from "@/app/api/phone-consent/route";
import { getDb } from "@/lib/platform/server/db";
import { bookingRequest, consentedVisitor, emailsTo, freeSlot, freeSlotStarts } from "@/tests/support/booking";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { registeredVisitor } from "@/tests/support/visitor";
import { workOff } from "@/tests/support/jobs";
import { QUEUES } from "@/lib/platform/shared/queues";

// POST /api/booking: phone consent first, one booking per slot decided by the
// database, the product's scheduled-call record and funnel step 7 with it, and the e-mail with its
// calendar invitation in the outbox.

const bookFor = (visitor: { contactId: string; cookie: string }, start: string, extra: Record<string, unknown> = {}) =>
  book(bookingRequest(visitor, start, "Asia/Kolkata", extra));

describe("POST /api/booking", () => {
  it("books a free slot: booking, scheduled-call record, step 7 and the e-mail with its .ics, together", async () => {
    const visitor = await consentedVisitor("Ada Lovelace");
    const start = await freeSlot(0);
    const response = await bookFor(visitor, start);
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, string>;
    const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    expect(body).toMatchObject({
      success: true,
      eventId: body.bookingId,
      scheduledTime: start,
      endTime: end,
      eventType: "AI Strategy Call",
      userTimezone: "Asia/Kolkata",
    });

    const db = getDb();
    const prospect = await db.prospect.findUniqueOrThrow({ where: { email: visitor.email } });
    const consent = await db.phoneConsent.findFirstOrThrow({ where: { sessionId: visitor.contactId } });
    const booking = await db.booking.findUniqueOrThrow({ where: { id: body.bookingId } });
    expect(booking).toMatchObject({
      status: "BOOKED",
      providerTimezone: "America/New_York",
      visitorTimezone: "Asia/Kolkata",
      prospectId: prospect.id,
      phoneConsentId: consent.id,
      sessionId: visitor.contactId,
      sequence: 0,
    });
    expect(booking.startsAt.toISOString()).toBe(start);
    expect(booking.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const call = await db.scheduledCall.findUniqueOrThrow({ where: { eventId: body.bookingId } });
    expect(call).toMatchObject({
      bookingId: body.bookingId,
      eventType: "AI Strategy Call",
      userTimezone: "Asia/Kolkata",
      sessionId: visitor.contactId,
      prospectId: prospect.id,
    });
    expect(call.scheduledTime?.toISOString()).toBe(start);
    const events = await db.funnelEvent.findMany({ where: { sessionId: visitor.contactId, step: 7 } });
    expect(events.map((e) => [e.action, e.data])).toEqual([["booking_scheduled", { eventId: body.bookingId }]]);

    await workOff(QUEUES.email);
    const mail = (await emailsTo(visitor.email)).find((m) => m.template === "booking-confirmed");
    expect(mail?.status).toBe("LOGGED");
    expect(mail?.subject).toMatch(/^Booked: your AI Strategy Call on \w+day \d+ \w+, \d+:\d\d [AP]M – \d+:\d\d [AP]M$/);
    expect(mail?.text).toContain("Time zone: Asia/Kolkata (India Standard Time)");
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/schedule-call\/manage\?token=[A-Za-z0-9_-]{43}/);
    // The plain-text version carries the manage link once, with its label.
    expect(mail?.text.match(/\/schedule-call\/manage\?token=/g)).toHaveLength(1);
    expect(mail?.text).toMatch(/Move or cancel your call http:\/\/localhost:3000\/schedule-call\/manage\?token=/);
    expect(mail?.files).toHaveLength(1);
    const ics = mail!.files[0]!;
    expect(ics).toMatchObject({ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
    const utc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    for (const line of [
      "METHOD:REQUEST",
      `UID:${body.bookingId}`,
      "SEQUENCE:0",
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(end)}`,
      "STATUS:CONFIRMED",
      'ORGANIZER;CN="Fast Forward Media LLC":MAILTO:support@fastforward.example',
    ]) {
      expect(ics.content).toContain(line);
    }
    expect((await freeSlotStarts()).includes(start)).toBe(false);
  });

  it("refuses a visitor who has not given phone consent, and stores nothing", async () => {
    const visitor = await registeredVisitor();
    const start = await freeSlot(1);
    const response = await bookFor(visitor, start);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: "phone_consent_required",
      message: "Please enter your phone number and agree to be contacted before you book.",
    });
    expect(await getDb().booking.count({ where: { sessionId: visitor.contactId } })).toBe(0);
    expect((await freeSlotStarts()).includes(start)).toBe(true);
  });

  it("asks a visitor it does not know for name and e-mail, and books once it has them", async () => {
    // Phone consent without an opt-in: the browser has a session and a consent but no prospect.
    const contactId = randomUUID();
    const consent = await phoneConsent(
      jsonRequest("/api/phone-consent", { contactId, phone: "+1 415 555 0177", consent: true }),
    );
    expect(consent.status).toBe(201);
    const visitor = { contactId, cookie: (consent.headers.get("set-cookie") ?? "").split(";")[0]! };
    const start = await freeSlot(2);
    const anonymous = await bookFor(visitor, start);
    expect(anonymous.status).toBe(400);
    expect((await errorOf(anonymous)).message).toBe("Please fill in both your name and email.");
    const half = await bookFor(visitor, start, { name: "Alan Turing" });
    expect((await errorOf(half)).message).toBe("Please fill in both your name and email.");

    // The project's one e-mail rule (lib/leads/shared/contact-schema.ts), as at the opt-in.
    for (const bad of ["turing@", "turing@example.com\r\nBcc: x@example.com"]) {
      const refused = await bookFor(visitor, start, { name: "Alan Turing", email: bad });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe("Please enter a valid email address.");
    }

    const email = `turing-${contactId}@example.com`;
    const named = await bookFor(visitor, start, { name: "Alan Turing", email });
    expect(named.status).toBe(201);
    const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email } });
    expect(prospect).toMatchObject({ firstName: "Alan", lastName: "Turing" });
    // The consent given before the visitor had a name now belongs to them, as the booking does.
    const { phoneConsentId } = await getDb().booking.findUniqueOrThrow({
      where: { id: ((await named.json()) as { bookingId: string }).bookingId },
    });
    const consentRow = await getDb().phoneConsent.findUniqueOrThrow({ where: { id: phoneConsentId } });
    expect(consentRow.prospectId).toBe(prospect.id);
    expect((await emailsTo(email)).map((m) => m.template)).toEqual(["booking-confirmed"]);
  });

  it.each([
    ["a time in the past", () => new Date(Date.now() - 24 * 3_600_000).toISOString()],
    ["a time off the slot grid", async () => new Date(Date.parse(await freeSlot(3)) + 10 * 60_000).toISOString()],
    ["a time beyond the booking window", () => new Date(Date.now() + 60 * 24 * 3_600_000).toISOString()],
  ])("refuses %s with 422 slot_unavailable", async (_, when) => {
    const visitor = await consentedVisitor();
    const response = await bookFor(visitor, await when());
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({
      code: "slot_unavailable",
      message: "That time is not available. Please pick another time.",
    });
  });

  it("keeps one upcoming call per visitor: a second booking is refused until the first is moved or cancelled", async () => {
    const visitor = await consentedVisitor();
    expect((await bookFor(visitor, await freeSlot(4))).status).toBe(201);
    const second = await bookFor(visitor, await freeSlot(5));
    expect(second.status).toBe(409);
    expect((await errorOf(second)).code).toBe("call_already_booked");
  });

  it("two visitors racing for one slot: exactly one booking, the other a clear 409", async () => {
    const visitors = await Promise.all(Array.from({ length: 8 }, (_, i) => consentedVisitor(`Racer ${i + 1}`)));
    const start = await freeSlot(6);
    const answers = await Promise.all(visitors.map((visitor) => bookFor(visitor, start)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await errorOf(answer)).toEqual({
        code: "slot_taken",
        message: "That time was just booked by someone else. Please pick another time.",
      });
    }
    const db = getDb();
    const sessions = visitors.map((v) => v.contactId);
    expect(await db.booking.count({ where: { startsAt: new Date(start), status: "BOOKED" } })).toBe(1);
    expect(await db.scheduledCall.count({ where: { sessionId: { in: sessions } } })).toBe(1);
    expect(await db.funnelEvent.count({ where: { sessionId: { in: sessions }, step: 7 } })).toBe(1);
    const mails = await db.outgoingEmail.count({
      where: { template: "booking-confirmed", recipient: { in: visitors.map((v) => v.email) } },
    });
    expect(mails).toBe(1);
  });

  it("answers 404 for a session bound to another browser", async () => {
    const visitor = await consentedVisitor();
    const stranger = await registeredVisitor();
    const response = await bookFor({ contactId: visitor.contactId, cookie: stranger.cookie }, await freeSlot(7));
    expect(response.status).toBe(404);
  });
});

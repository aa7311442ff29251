import { describe, expect, it } from "vitest";
import { POST as book } from "@/app/api/booking/route";
import { POST as cancel } from "@/app/api/booking/cancel/route";
import { POST as move } from "@/app/api/booking/move/route";
import { getDb } from "@/lib/platform/server/db";
import {
  bookingRequest,
  consentedVisitor,
  emailsTo,
  freeSlot,
  freeSlotStarts,
  manageTokenOf,
  type Visitor,
} from "@/tests/support/booking";
import { errorOf, jsonRequest } from "@/tests/support/http";

// The manage link: cancel frees the slot, move takes another free slot in one
// step, each sends the calendar update a real calendar expects (METHOD:CANCEL, or a REQUEST with
// a higher SEQUENCE under the same UID), and the link stops working once the call has started.

async function booked(visitor: Visitor, start: string): Promise<{ bookingId: string; token: string }> {
  const response = await book(bookingRequest(visitor, start, "Pacific/Auckland"));
  expect(response.status).toBe(201);
  const { bookingId } = (await response.json()) as { bookingId: string };
  return { bookingId, token: await manageTokenOf(visitor.email) };
}

const cancelWith = (token: string) => cancel(jsonRequest("/api/booking/cancel", { token }));
const moveWith = (token: string, start: string, userTimezone = "Europe/Berlin") =>
  move(jsonRequest("/api/booking/move", { token, start, userTimezone }));

describe("cancel and move through the manage link", () => {
  it("cancels: the slot is free again, the e-mail carries METHOD:CANCEL with the next SEQUENCE", async () => {
    const visitor = await consentedVisitor();
    const start = await freeSlot(20);
    const { bookingId, token } = await booked(visitor, start);
    expect((await freeSlotStarts()).includes(start)).toBe(false);

    const response = await cancelWith(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, bookingId, status: "canceled" });
    const row = await getDb().booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(row).toMatchObject({ status: "CANCELED", sequence: 1 });
    expect(row.canceledAt).not.toBeNull();
    // The product's scheduled-call record says so too, in the same transaction: an operator reading
    // scheduled_calls alone does not count a cancelled call as upcoming.
    const call = await getDb().scheduledCall.findUniqueOrThrow({ where: { bookingId } });
    expect(call.canceledAt?.toISOString()).toBe(row.canceledAt?.toISOString());
    expect(call.scheduledTime?.toISOString()).toBe(start);
    expect((await freeSlotStarts()).includes(start)).toBe(true);

    const mail = (await emailsTo(visitor.email)).find((m) => m.template === "booking-canceled");
    expect(mail?.subject).toMatch(/^Cancelled: your AI Strategy Call on /);
    expect(mail?.text).toContain("http://localhost:3000/schedule-call");
    expect(mail?.files[0]).toMatchObject({
      filename: "cancel.ics",
      contentType: "text/calendar; charset=utf-8; method=CANCEL",
    });
    for (const line of ["METHOD:CANCEL", `UID:${bookingId}`, "SEQUENCE:1", "STATUS:CANCELLED"]) {
      expect(mail?.files[0]?.content).toContain(line);
    }

    const again = await cancelWith(token);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("booking_canceled");
    // A cancelled call no longer counts: the visitor may book again.
    const rebook = await book(bookingRequest(visitor, start, "UTC"));
    expect(rebook.status).toBe(201);
  });

  it("moves: one update under the same UID with SEQUENCE 1, the old slot freed, the record's time changed", async () => {
    const visitor = await consentedVisitor();
    const [from, to] = [await freeSlot(22), await freeSlot(23)];
    const { bookingId, token } = await booked(visitor, from);
    const response = await moveWith(token, to);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, bookingId, scheduledTime: to });
    const row = await getDb().booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(row).toMatchObject({ status: "BOOKED", sequence: 1, visitorTimezone: "Europe/Berlin" });
    expect(row.startsAt.toISOString()).toBe(to);
    const call = await getDb().scheduledCall.findUniqueOrThrow({ where: { bookingId } });
    expect(call.scheduledTime?.toISOString()).toBe(to);
    expect(call.userTimezone).toBe("Europe/Berlin");
    const free = await freeSlotStarts();
    expect(free.includes(from)).toBe(true);
    expect(free.includes(to)).toBe(false);

    const mail = (await emailsTo(visitor.email)).find((m) => m.template === "booking-moved");
    expect(mail?.subject).toMatch(/^Moved: your AI Strategy Call is now on /);
    expect(mail?.text).toContain("Time zone: Europe/Berlin");
    expect(mail?.text).toContain(`token=${token}`);
    for (const line of ["METHOD:REQUEST", `UID:${bookingId}`, "SEQUENCE:1", "STATUS:CONFIRMED"]) {
      expect(mail?.files[0]?.content).toContain(line);
    }
    // The same time again changes nothing and sends nothing.
    expect((await moveWith(token, to)).status).toBe(200);
    expect((await emailsTo(visitor.email)).filter((m) => m.template === "booking-moved")).toHaveLength(1);
  });

  it("refuses a move onto a taken slot and keeps the booking where it was", async () => {
    const [a, b] = [await consentedVisitor(), await consentedVisitor()];
    const [slotA, slotB] = [await freeSlot(26), await freeSlot(27)];
    const mine = await booked(a, slotA);
    await booked(b, slotB);
    const response = await moveWith(mine.token, slotB);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe("slot_taken");
    const row = await getDb().booking.findUniqueOrThrow({ where: { id: mine.bookingId } });
    expect(row.startsAt.toISOString()).toBe(slotA);
    expect(row.sequence).toBe(0);
  });

  it("two bookings moving to one slot at once: one moves, the other is told the slot was taken", async () => {
    const [a, b] = [await consentedVisitor(), await consentedVisitor()];
    const first = await booked(a, await freeSlot(30));
    const second = await booked(b, await freeSlot(31));
    const target = await freeSlot(32);
    const answers = await Promise.all([moveWith(first.token, target), moveWith(second.token, target)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await getDb().booking.count({ where: { startsAt: new Date(target), status: "BOOKED" } })).toBe(1);
  });

  it("closes the link once the call has started, and refuses unknown tokens and unoffered times", async () => {
    const visitor = await consentedVisitor();
    const { bookingId, token } = await booked(visitor, await freeSlot(35));
    const notOffered = await moveWith(token, new Date(Date.now() - 3_600_000).toISOString());
    expect(notOffered.status).toBe(422);
    expect((await errorOf(notOffered)).code).toBe("slot_unavailable");

    const past = new Date(Date.now() - 10 * 60_000);
    await getDb().booking.update({
      where: { id: bookingId },
      data: {
        startsAt: past,
        endsAt: new Date(past.getTime() + 30 * 60_000),
        blockedUntil: new Date(past.getTime() + 30 * 60_000),
      },
    });
    for (const answer of [await cancelWith(token), await moveWith(token, await freeSlot(36))]) {
      expect(answer.status).toBe(409);
      expect(await errorOf(answer)).toEqual({
        code: "booking_closed",
        message: "This call has already started, so it can no longer be changed.",
      });
    }
    const unknown = await cancelWith("A".repeat(43));
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("booking_link_invalid");
  });
});

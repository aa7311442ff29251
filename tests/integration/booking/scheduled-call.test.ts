import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/scheduled-call/route";
import { getDb } from "@/lib/platform/server/db";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { registeredVisitor } from "@/tests/support/visitor";

const booking = (contactId: string, overrides: Record<string, unknown> = {}) => ({
  contactId,
  eventId: `EVT${randomUUID().replaceAll("-", "")}`.slice(0, 30),
  scheduledTime: "2026-12-01T15:30:00-05:00",
  eventType: "calendly.event_scheduled",
  userTimezone: "America/New_York",
  ...overrides,
});

describe("POST /api/scheduled-call", () => {
  it("records the booking once for the visitor's session and prospect", async () => {
    const visitor = await registeredVisitor();
    const body = booking(visitor.contactId);
    const first = await POST(jsonRequest("/api/scheduled-call", body, { cookie: visitor.cookie }));
    expect(first.status).toBe(201);
    const { scheduledCallId } = (await first.json()) as { scheduledCallId: string };
    const repeat = await POST(jsonRequest("/api/scheduled-call", body, { cookie: visitor.cookie }));
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { scheduledCallId: string }).scheduledCallId).toBe(scheduledCallId);

    const rows = await getDb().scheduledCall.findMany({ where: { eventId: body.eventId } });
    const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email: visitor.email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      sessionId: visitor.contactId,
      prospectId: prospect.id,
      eventType: "calendly.event_scheduled",
      userTimezone: "America/New_York",
    });
    expect(rows[0]!.scheduledTime?.toISOString()).toBe("2026-12-01T20:30:00.000Z");
  });

  it("accepts a booking without a start time (the widget's message carries only URIs)", async () => {
    const visitor = await registeredVisitor();
    const response = await POST(
      jsonRequest("/api/scheduled-call", booking(visitor.contactId, { scheduledTime: null }), {
        cookie: visitor.cookie,
      }),
    );
    expect(response.status).toBe(201);
  });

  it("refuses an event id already recorded for someone else with 409", async () => {
    const a = await registeredVisitor();
    const b = await registeredVisitor();
    const body = booking(a.contactId);
    expect((await POST(jsonRequest("/api/scheduled-call", body, { cookie: a.cookie }))).status).toBe(201);
    const stolen = await POST(
      jsonRequest("/api/scheduled-call", { ...body, contactId: b.contactId }, { cookie: b.cookie }),
    );
    expect(stolen.status).toBe(409);
  });

  it.each([
    [{ userTimezone: "Mars/Olympus" }, "userTimezone must be an IANA time zone"],
    [{ eventId: "../../etc" }, "eventId must be the booking event id"],
    [{ scheduledTime: "tomorrow" }, "scheduledTime"],
    [{ eventType: "" }, "eventType"],
    [{ extra: 1 }, ""],
  ])("refuses %j with 400", async (override, fragment) => {
    const visitor = await registeredVisitor();
    const response = await POST(
      jsonRequest("/api/scheduled-call", booking(visitor.contactId, override), { cookie: visitor.cookie }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain(fragment);
  });

  it("answers 404 for a session bound to another browser", async () => {
    const visitor = await registeredVisitor();
    const response = await POST(jsonRequest("/api/scheduled-call", booking(visitor.contactId)));
    expect(response.status).toBe(404);
  });
});

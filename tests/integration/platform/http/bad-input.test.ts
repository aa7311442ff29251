import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as book } from "@/app/api/booking/route";
import { POST as cancelBooking } from "@/app/api/booking/cancel/route";
import { POST as moveBooking } from "@/app/api/booking/move/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as privacyRequest } from "@/app/api/privacy-request/route";
import { POST as register } from "@/app/api/register/route";
import { POST as scheduledCall } from "@/app/api/scheduled-call/route";
import { POST as survey } from "@/app/api/survey/route";
import { POST as trackAction } from "@/app/api/track-action/route";
import { getDb } from "@/lib/platform/server/db";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { registeredVisitor } from "@/tests/support/visitor";

// Inputs that once reached PostgreSQL as 500s, or accepted and mailed: each is now a 400
// with the error body, and writes nothing.

const raw = (path: string, text: string) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: text,
  });

describe("bad input is a 400, never a 500", () => {
  it("refuses NUL in any text field and a lone surrogate anywhere, before the handler runs", async () => {
    const contactId = randomUUID();
    const email = `nul-${contactId}@example.com`;
    const cases: [string, (r: Request) => Promise<Response>, unknown][] = [
      ["/api/register", register, { contactId, name: "Ada\u0000", email }],
      ["/api/register", register, { contactId, name: "Ada", email, utm_source: "x\u0000" }],
      ["/api/survey", survey, { contactId, hasBusiness: "No\u0000" }],
      ["/api/privacy-request", privacyRequest, { name: "A", email, requestType: "access", details: "\u0000" }],
      ["/api/booking", book, { contactId, start: "2026-12-01T15:30:00Z", userTimezone: "UTC\u0000" }],
      ["/api/booking", book, { contactId, start: "2026-12-01T15:30:00Z", userTimezone: "UTC", name: "\ud800" }],
      ["/api/booking/cancel", cancelBooking, { token: "\u0000".repeat(43) }],
      ["/api/booking/move", moveBooking, { token: "A".repeat(43), start: "\ud800", userTimezone: "UTC" }],
      [
        "/api/track-action",
        trackAction,
        {
          sessionId: contactId,
          step: 1,
          action: "page_load",
          data: { k: "\ud800" },
          timestamp: new Date().toISOString(),
        },
      ],
      [
        "/api/track-action",
        trackAction,
        {
          sessionId: contactId,
          step: 1,
          action: "page_load",
          data: { "\u0000": 1 },
          timestamp: new Date().toISOString(),
        },
      ],
    ];
    for (const [path, route, body] of cases) {
      const response = await route(jsonRequest(path, body));
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await errorOf(response)).code).toBe("invalid_request");
    }
    // The raw escapes too, as a client would send them.
    const escaped = await trackAction(
      raw(
        "/api/track-action",
        `{"sessionId":"${contactId}","step":1,"action":"page_load","data":{"k":"\\udc00"},"timestamp":"${new Date().toISOString()}"}`,
      ),
    );
    expect(escaped.status).toBe(400);
    expect(await getDb().funnelEvent.count({ where: { sessionId: contactId } })).toBe(0);
    expect(await getDb().prospect.count({ where: { email } })).toBe(0);
    expect(await getDb().booking.count({ where: { sessionId: contactId } })).toBe(0);
  });

  it("range-checks dates: scheduledTime 0000-01-01 and far-future timestamps", async () => {
    const visitor = await registeredVisitor();
    for (const scheduledTime of ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1970-01-01T00:00:00Z"]) {
      const response = await scheduledCall(
        jsonRequest(
          "/api/scheduled-call",
          {
            contactId: visitor.contactId,
            eventId: `EVT${randomUUID().slice(0, 8)}`,
            scheduledTime,
            eventType: "calendly.event_scheduled",
            userTimezone: "UTC",
          },
          { cookie: visitor.cookie },
        ),
      );
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe("scheduledTime: must be a date between 2000 and 2099");
    }
    const track = await trackAction(
      jsonRequest("/api/track-action", {
        sessionId: visitor.contactId,
        step: 2,
        action: "button_click",
        data: { source: "hero" },
        timestamp: "0000-01-01T00:00:00.000Z",
      }),
    );
    expect(track.status).toBe(400);
  });
});

describe("one e-mail rule at every route that takes an address", () => {
  it.each(["x@example.com\r\nBcc: z@z.z", "a@", "@"])(
    "register, privacy-request and checkout refuse %j",
    async (bad) => {
      const contactId = randomUUID();
      const answers = [
        await register(jsonRequest("/api/register", { contactId, name: "Ada", email: bad })),
        await privacyRequest(jsonRequest("/api/privacy-request", { name: "Ada", email: bad, requestType: "access" })),
        await createPaymentIntent(
          jsonRequest("/api/create-payment-intent", {
            contactId,
            email: bad,
            name: "Ada",
            productId: "fast-forward-book",
            quantity: 1,
          }),
        ),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect((await errorOf(answer)).message).toBe("Please enter a valid email address.");
      }
      expect(await getDb().outgoingEmail.count({ where: { recipient: { in: [bad, bad.trim()] } } })).toBe(0);
    },
  );

  it("refuses CR/LF in a name (stored and shown in mail bodies; never a header)", async () => {
    const contactId = randomUUID();
    const email = `crlf-${contactId}@example.com`;
    const response = await register(jsonRequest("/api/register", { contactId, name: "Ada\r\nBcc: z@z.z", email }));
    expect(response.status).toBe(400);
    expect(await getDb().outgoingEmail.count({ where: { recipient: email } })).toBe(0);
  });
});

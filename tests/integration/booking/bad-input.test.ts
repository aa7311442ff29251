import { describe, expect, it } from "vitest";
import { answerRoute } from "../../support/route";
import { POST as book } from "@/app/api/booking/route";
import { POST as cancel } from "@/app/api/booking/cancel/route";
import { POST as move } from "@/app/api/booking/move/route";
import * as slots from "@/app/api/booking/slots/route";
import { getDb } from "@/lib/platform/server/db";
import { consentedVisitor, freeSlot } from "@/tests/support/booking";
import { errorOf, jsonRequest } from "@/tests/support/http";

// Bad input at the built-in calendar's routes is a 4xx with the error body, and writes nothing.

describe("booking routes refuse bad input", () => {
  it.each([
    [{ start: "tomorrow" }, "start"],
    [{ start: "0000-01-01T00:00:00Z" }, "start: must be a date between 2000 and 2099"],
    [{ start: "2026-12-01T15:30:00" }, "start"],
    [{ userTimezone: "Mars/Olympus" }, "userTimezone must be an IANA time zone"],
    [{ userTimezone: "x".repeat(65) }, "userTimezone"],
    [{ userTimezone: "Etc/GMT+14" }, "userTimezone must be an IANA time zone"],
    [{ userTimezone: "asia/kolkata" }, "userTimezone must be an IANA time zone"],
    [{ userTimezone: "+05:30" }, "userTimezone must be an IANA time zone"],
    [{ contactId: "x" }, "contactId must be a funnel session id"],
    [{ name: "Ada\u0000" }, "text must not contain NUL characters"],
    [{ name: "Ada\r\nBcc: x@y.z", email: "a@example.com" }, "Please enter your name on one line"],
    [{ name: "Ada", email: "a@" }, "Please enter a valid email address."],
    [{ scheduledTime: "2026-12-01T15:30:00Z" }, ""],
  ])("POST /api/booking refuses %j with 400", async (override, fragment) => {
    const visitor = await consentedVisitor();
    const body = { contactId: visitor.contactId, start: await freeSlot(40), userTimezone: "UTC", ...override };
    const response = await book(jsonRequest("/api/booking", body, { cookie: visitor.cookie }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain(fragment);
    expect(await getDb().booking.count({ where: { sessionId: visitor.contactId } })).toBe(0);
  });

  it.each([
    ["/api/booking/cancel", cancel, {}],
    ["/api/booking/cancel", cancel, { token: "short" }],
    ["/api/booking/cancel", cancel, { token: `${"A".repeat(42)}=` }],
    ["/api/booking/cancel", cancel, { token: "A".repeat(43), extra: 1 }],
    ["/api/booking/move", move, { token: "A".repeat(43), start: "noon", userTimezone: "UTC" }],
    ["/api/booking/move", move, { token: "A".repeat(43), start: "2026-12-01T15:30:00Z" }],
  ])("%s refuses %j with 400", async (path, route, body) => {
    const response = await route(jsonRequest(path, body));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });

  it("GET /api/booking/slots takes no parameters, and every other method is a 405 with Allow", async () => {
    const withQuery = await slots.GET(new Request("http://localhost:3000/api/booking/slots?days=900"));
    expect(withQuery.status).toBe(400);
    const nul = await slots.GET(new Request("http://localhost:3000/api/booking/slots?x=%00"));
    expect(nul.status).toBe(400);
    const post = await answerRoute(slots, new Request("http://localhost:3000/api/booking/slots", { method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const ok = await slots.GET(new Request("http://localhost:3000/api/booking/slots"));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      timeZone: string;
      slotMinutes: number;
      slots: { start: string; end: string }[];
    };
    expect(body.timeZone).toBe("America/New_York");
    expect(body.slotMinutes).toBe(30);
    expect(body.slots.length).toBeGreaterThan(50);
    expect(body.slots.every((s) => Date.parse(s.start) > Date.now() + 119 * 60_000)).toBe(true);
  });

  it("refuses cross-site booking posts", async () => {
    const visitor = await consentedVisitor();
    const response = await book(
      jsonRequest(
        "/api/booking",
        { contactId: visitor.contactId, start: await freeSlot(41), userTimezone: "UTC" },
        { cookie: visitor.cookie, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
      ),
    );
    expect(response.status).toBe(403);
  });
});

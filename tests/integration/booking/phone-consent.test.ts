import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/phone-consent/route";
import { getDb } from "@/lib/platform/server/db";
import { errorOf, jsonRequest, nextPeer } from "@/tests/support/http";
import { registeredVisitor } from "@/tests/support/visitor";

const uniquePhone = () => `+1 415 555 ${String(1000 + Math.floor(Math.random() * 8999))}`;

describe("POST /api/phone-consent", () => {
  it("stores the E.164 number with the exact consent text, its hash, page, IP, agent, session and prospect", async () => {
    const visitor = await registeredVisitor();
    const peer = nextPeer();
    const response = await POST(
      jsonRequest(
        "/api/phone-consent",
        { contactId: visitor.contactId, phone: "(415) 555-0132", consent: true },
        {
          cookie: visitor.cookie,
          peer,
          headers: { referer: "http://localhost:3000/strategy-call?utm_source=x", "user-agent": "TestAgent/1.0" },
        },
      ),
    );
    expect(response.status).toBe(201);
    const { consentId } = (await response.json()) as { consentId: string };
    const row = await getDb().phoneConsent.findUniqueOrThrow({ where: { id: consentId } });
    const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email: visitor.email } });
    expect(row).toMatchObject({
      phoneE164: "+14155550132",
      pageUrl: "http://localhost:3000/strategy-call",
      ip: peer,
      userAgent: "TestAgent/1.0",
      sessionId: visitor.contactId,
      prospectId: prospect.id,
    });
    expect(row.consentText).toContain("Fast Forward Media LLC");
    expect(row.consentText).toContain("Consent is not a condition of purchase.");
    expect(row.consentVersion).toBe(`sha256:${createHash("sha256").update(row.consentText).digest("hex")}`);
  });

  it.each([
    [{ consent: false }, "Please check the box to agree to be contacted."],
    [{ consent: "true" }, "Please check the box to agree to be contacted."],
    [{ consent: undefined }, "Please check the box to agree to be contacted."],
    [{ phone: "12" }, "Please enter a valid phone number."],
    [{ phone: "+1 555 000" }, "Please enter a valid phone number."],
    [{ phone: undefined }, "Please enter a valid phone number."],
    [{ phone: 4155550132 }, "Please enter a valid phone number."],
    [{ contactId: "x" }, "contactId must be a funnel session id"],
  ])("refuses %j with 400", async (override, message) => {
    const visitor = await registeredVisitor();
    const body = { contactId: visitor.contactId, phone: uniquePhone(), consent: true, ...override };
    const response = await POST(jsonRequest("/api/phone-consent", body, { cookie: visitor.cookie }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("refuses unknown keys (the client cannot supply its own consent text)", async () => {
    const visitor = await registeredVisitor();
    const response = await POST(
      jsonRequest(
        "/api/phone-consent",
        { contactId: visitor.contactId, phone: uniquePhone(), consent: true, consentText: "anything" },
        { cookie: visitor.cookie },
      ),
    );
    expect(response.status).toBe(400);
  });

  it("answers 404 for a funnel session bound to another browser", async () => {
    const visitor = await registeredVisitor();
    const response = await POST(
      jsonRequest("/api/phone-consent", { contactId: visitor.contactId, phone: uniquePhone(), consent: true }),
    );
    expect(response.status).toBe(404);
  });

  it("records consent for an unregistered session too, without a prospect", async () => {
    const contactId = randomUUID();
    const response = await POST(jsonRequest("/api/phone-consent", { contactId, phone: uniquePhone(), consent: true }));
    expect(response.status).toBe(201);
    const row = await getDb().phoneConsent.findFirstOrThrow({ where: { sessionId: contactId } });
    expect(row.prospectId).toBeNull();
    expect(row.pageUrl).toBe("unknown");
  });

  it("limits submissions per phone number across clients", async () => {
    const phone = "+1 212 555 0187";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await POST(jsonRequest("/api/phone-consent", { contactId: randomUUID(), phone, consent: true }));
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("limits submissions per client", async () => {
    const peer = nextPeer();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await POST(
        jsonRequest("/api/phone-consent", { contactId: randomUUID(), phone: uniquePhone(), consent: true }, { peer }),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

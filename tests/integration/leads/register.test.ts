import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/register/route";
import { getDb } from "@/lib/platform/server/db";
import { NAME_TOO_LONG_MESSAGE } from "@/lib/leads/shared/contact-rules";
import { nextPeer, peerHeader } from "@/tests/support/http";

function register(body: unknown, cookie?: string): Request {
  return new Request("http://localhost:3000/api/register", {
    method: "POST",
    headers: { "content-type": "application/json", ...peerHeader(nextPeer()), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe("POST /api/register", () => {
  it("creates one prospect per e-mail, splits the name and binds the session to the browser", async () => {
    const contactId = randomUUID();
    const email = `ada-${contactId}@example.com`;
    const first = await POST(
      register({ contactId, name: "  Ada  King Lovelace ", email: email.toUpperCase(), utm_source: "news" }),
    );
    expect(first.status).toBe(200);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
    const again = await POST(register({ contactId, name: "Ada Lovelace", email }, cookie));
    expect(again.status).toBe(200);

    const prospects = await getDb().prospect.findMany({ where: { email } });
    expect(prospects).toHaveLength(1);
    expect(prospects[0]).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      firstUtmSource: "news",
      lastUtmSource: "news",
    });
    const session = await getDb().funnelSession.findUniqueOrThrow({ where: { id: contactId } });
    expect(session.prospectId).toBe(prospects[0]!.id);
  });

  it("answers 404 for a session bound to another browser", async () => {
    const contactId = randomUUID();
    await POST(register({ contactId, name: "Ada", email: `a-${contactId}@example.com` }));
    const other = await POST(register({ contactId, name: "Eve", email: `e-${contactId}@example.com` }));
    expect(other.status).toBe(404);
  });

  it.each([
    [{ contactId: randomUUID(), name: " ", email: "a@b.c" }, "Please fill in both your name and email."],
    [{ contactId: randomUUID(), name: "Ada", email: "ada.example.com" }, "Please enter a valid email address."],
    [{ contactId: "x", name: "Ada", email: "a@b.c" }, "contactId must be a funnel session id"],
    // A sentence the opt-in can show as is when the visitor retries (the input stops at 200).
    [{ contactId: randomUUID(), name: "x".repeat(201), email: "a@b.c" }, NAME_TOO_LONG_MESSAGE],
  ])("refuses %j with the product's wording", async (body, message) => {
    const response = await POST(register(body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it("answers 415 for a form post, 413 for a huge body and 403 cross-site, storing nothing", async () => {
    const contactId = randomUUID();
    const email = `wrapper-${contactId}@example.com`;
    const raw = (headers: Record<string, string>, body: string) =>
      new Request("http://localhost:3000/api/register", {
        method: "POST",
        headers: { ...peerHeader(nextPeer()), ...headers },
        body,
      });
    const form = await POST(raw({ "content-type": "application/x-www-form-urlencoded" }, `name=Ada&email=${email}`));
    expect(form.status).toBe(415);
    const huge = await POST(
      raw({ "content-type": "application/json" }, JSON.stringify({ contactId, name: "x".repeat(20_000), email })),
    );
    expect(huge.status).toBe(413);
    const crossSiteHeaders: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const crossSite of crossSiteHeaders) {
      const cross = await POST(
        raw({ "content-type": "application/json", ...crossSite }, JSON.stringify({ contactId, name: "Ada", email })),
      );
      expect(cross.status).toBe(403);
      expect(((await cross.json()) as { error: { code: string } }).error.code).toBe("cross_site_request");
    }
    expect(await getDb().prospect.count({ where: { email } })).toBe(0);
  });

  it("allows 20 registrations per client address in 10 minutes, then answers 429 with Retry-After", async () => {
    const address = "198.51.100.201";
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) {
      const contactId = randomUUID();
      last = await POST(
        new Request("http://localhost:3000/api/register", {
          method: "POST",
          headers: { "content-type": "application/json", ...peerHeader(address), "x-forwarded-for": `203.0.113.${i}` },
          body: JSON.stringify({ contactId, name: "Ada", email: `limit-${contactId}@example.com` }),
        }),
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    // A different X-Forwarded-For on every request does not reset the limit (no proxy trusted).
    expect(statuses[20]).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

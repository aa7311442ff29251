import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/privacy-request/route";
import { getDb } from "@/lib/platform/server/db";
import { respondBy } from "@/lib/privacy/shared/request-types";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { workOff } from "@/tests/support/jobs";
import { QUEUES } from "@/lib/platform/shared/queues";
import { outboxMails } from "@/tests/support/outbox";

const request = (body: Record<string, unknown>) => ({
  name: "Grace Hopper",
  email: `Privacy-${randomUUID()}@Example.com`,
  requestType: "access",
  ...body,
});

describe("POST /api/privacy-request", () => {
  it("stores the request with its 45-day answer date and queues the acknowledgement", async () => {
    const body = request({ requestType: "opt_out", details: "  Stop selling my data.  " });
    const before = Date.now();
    const response = await POST(jsonRequest("/api/privacy-request", body));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { success: boolean; requestId: string; respondBy: string };
    expect(answer.success).toBe(true);
    const row = await getDb().privacyRequest.findUniqueOrThrow({ where: { id: answer.requestId } });
    expect(row).toMatchObject({
      email: String(body.email).toLowerCase(),
      name: "Grace Hopper",
      requestType: "opt_out",
      details: "Stop selling my data.",
      status: "received",
    });
    expect(row.respondBy.toISOString()).toBe(answer.respondBy);
    expect(row.respondBy.getTime()).toBe(respondBy(row.createdAt).getTime());
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await workOff(QUEUES.email);
    const [mail] = await outboxMails({ recipient: row.email });
    expect(mail).toMatchObject({ template: "privacy-request-received", status: "LOGGED" });
    expect(mail!.text).toContain("Opt out of the sale or sharing of my information and of targeted advertising");
    expect(mail!.text).toContain(row.id);
  });

  it.each([
    [{ name: "   " }, "Please fill in both your name and email."],
    [{ email: "" }, "Please fill in both your name and email."],
    [{ email: "grace.example.com" }, "Please enter a valid email address."],
    [{ requestType: "sell_everything" }, "Please choose which right you want to exercise."],
    [{ requestType: undefined }, "Please choose which right you want to exercise."],
    [{ details: "x".repeat(2001) }, "details: Too big: expected string to have <=2000 characters"],
    [{ status: "done" }, 'Unrecognized key: "status"'],
  ])("refuses %j with 400 and stores nothing", async (change, message) => {
    const body = request(change);
    const response = await POST(jsonRequest("/api/privacy-request", body));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    const email = typeof body.email === "string" ? body.email.toLowerCase() : "";
    expect(await getDb().privacyRequest.count({ where: { email } })).toBe(0);
  });

  it("refuses a cross-site form post", async () => {
    const response = await POST(
      jsonRequest("/api/privacy-request", request({}), { headers: { origin: "https://evil.example" } }),
    );
    expect(response.status).toBe(403);
  });
});

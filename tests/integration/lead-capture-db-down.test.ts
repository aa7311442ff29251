import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/lib/embedded-postgres";
import { jsonRequest, NON_OWNER } from "@/tests/integration/lead-capture-helpers";

// Vitest isolates each file, so this file's client points at a port where nothing listens.
beforeAll(async () => {
  process.env.DATABASE_URL = `postgresql://postgres:x@127.0.0.1:${await freePort()}/funnel`;
});

describe("lead-capture routes with the database unreachable", () => {
  it("register and survey answer 503 with the error shape", async () => {
    const { POST: register } = await import("@/app/api/register/route");
    const { POST: survey } = await import("@/app/api/survey/route");
    const contactId = randomUUID();
    const r = await register(jsonRequest("/api/register", { contactId, name: "Ada", email: "ada@example.com" }));
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
    const s = await survey(
      jsonRequest("/api/survey", { contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }),
    );
    expect(s.status).toBe(503);
  });

  it("track-action still answers 202 and logs the lost event", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { POST: trackAction } = await import("@/app/api/track-action/route");
    const response = await trackAction(
      jsonRequest("/api/track-action", {
        sessionId: randomUUID(),
        step: 1,
        action: "page_load",
        data: {},
        timestamp: new Date().toISOString(),
      }),
    );
    expect(response.status).toBe(202);
    expect(warn.mock.calls.some(([line]) => String(line).includes("lost"))).toBe(true);
    warn.mockRestore();
  });
});

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/embedded-postgres";
import { jsonRequest } from "@/tests/support/http";
import { NON_OWNER } from "@/tests/support/visitor";
import { captureLog } from "@/tests/log-capture";
import { waitUntil } from "@/tests/support/wait";
import { trackEventBody } from "@/tests/support/track-event";

// Vitest isolates each file, so this file's client points at a port where nothing listens.
beforeAll(async () => {
  process.env.DATABASE_URL = `postgresql://postgres:x@127.0.0.1:${await freePort()}/funnel`;
});

describe("lead-capture routes with the database unreachable", () => {
  it("register and survey answer 503 with the error shape, logged once per interval, not per request", async () => {
    const logged = captureLog();
    const { POST: register } = await import("@/app/api/register/route");
    const { POST: survey } = await import("@/app/api/survey/route");
    const contactId = randomUUID();
    const r = await register(jsonRequest("/api/register", { contactId, name: "Ada", email: "ada@example.com" }));
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    const s = await survey(
      jsonRequest("/api/survey", { contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }),
    );
    expect(s.status).toBe(503);
    // lib/platform/server/http/outage-report.ts reports after its interval (unit-tested there).
    expect(logged.lines("error").filter((line) => line.includes("database unavailable"))).toEqual([]);
    logged.restore();
  });

  it("track-action still refuses malformed events with 400 (the limiter fails open, the schema runs)", async () => {
    const { POST: trackAction } = await import("@/app/api/track-action/route");
    const bad = await trackAction(jsonRequest("/api/track-action", { sessionId: "nope", step: 99 }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
  });

  it("track-action still answers 202 and logs lost events as one line per 10 s with a count", async () => {
    const logged = captureLog();
    const { POST: trackAction } = await import("@/app/api/track-action/route");
    const event = () => jsonRequest("/api/track-action", trackEventBody(randomUUID()));
    const statuses = await Promise.all(Array.from({ length: 40 }, () => trackAction(event()).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([202]));
    const lostLines = () => logged.lines("warn").filter((line) => line.includes("lost"));
    expect(lostLines()).toEqual([]);
    // The report comes on a 10 s timer.
    await waitUntil("the lost-events report", () => lostLines().length > 0, 15_000);
    expect(lostLines()).toHaveLength(1);
    expect(lostLines()[0]).toContain("40 funnel event(s) lost in the last 10 s");
    logged.restore();
  }, 20_000);
});

describe("split-tested pages with the database unreachable", () => {
  it("serve the configured variant, record nothing, and log one line for many views", async () => {
    const logged = captureLog();
    const { resolveSurfaceVariant } = await import("@/lib/experiments/server/surface-variant");
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const views = await Promise.all(
      Array.from({ length: 5 }, () =>
        resolveSurfaceVariant("landing", { browserId: randomUUID(), userAgent: person }, "free"),
      ),
    );
    expect(views).toEqual(
      Array.from({ length: 5 }, () => ({ variant: "free", source: "configuration", experimentKey: null })),
    );
    const offer = await resolveSurfaceVariant("offer", { browserId: randomUUID(), userAgent: person }, "team");
    expect(offer.variant).toBe("team");
    expect(logged.lines("warn").filter((line) => line.includes("[experiments] database unavailable"))).toHaveLength(1);
    logged.restore();
  });
});

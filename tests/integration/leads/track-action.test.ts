import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as trackAction } from "@/app/api/track-action/route";
import { getDb } from "@/lib/platform/server/db";
import { FUNNEL_ACTIONS, stepOf } from "@/lib/leads/shared/event-catalog";
import { SAMPLE_DATA } from "@/tests/support/event-samples";
import { cookieFrom, errorOf, jsonRequest } from "@/tests/support/http";
import { pageViewBody } from "@/tests/support/track-event";
import { POST as register } from "@/app/api/register/route";

function event(overrides: Record<string, unknown> = {}) {
  return {
    sessionId: randomUUID(),
    step: 2,
    action: "button_click",
    data: { source: "hero" },
    timestamp: "2026-01-15T10:00:00.000Z",
    ...overrides,
  };
}

describe("POST /api/track-action", () => {
  it("stores the event as sent and answers 202 with no body", async () => {
    const body = event({ step: 5, action: "qualification_result", data: { qualified: true } });
    const response = await trackAction(jsonRequest("/api/track-action", body));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
    const rows = await getDb().funnelEvent.findMany({ where: { sessionId: body.sessionId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ step: 5, action: "qualification_result", data: body.data });
    expect(rows[0]!.clientTimestamp.toISOString()).toBe(body.timestamp);
  });

  it("accepts an offset timestamp", async () => {
    const body = event({ timestamp: "2026-01-15T12:00:00+02:00" });
    const response = await trackAction(jsonRequest("/api/track-action", body));
    expect(response.status).toBe(202);
    const row = await getDb().funnelEvent.findFirstOrThrow({ where: { sessionId: body.sessionId } });
    expect(row.clientTimestamp.toISOString()).toBe("2026-01-15T10:00:00.000Z");
  });

  it.each([
    ["a missing data object", { data: undefined }],
    ["a key the catalog does not declare", { data: { source: "hero", pad: "x" } }],
    ["a declared field of the wrong type", { data: { source: 5 } }],
    ["a nested object in place of a field", { data: { source: { a: [1, 2] } } }],
    ["another action's fields", { data: { qualified: true } }],
  ])("refuses %s in data (the catalog's fields only, of their types)", async (_name, overrides) => {
    const body = event(overrides);
    const response = await trackAction(jsonRequest("/api/track-action", body));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/^data/);
    expect(await getDb().funnelEvent.count({ where: { sessionId: body.sessionId } })).toBe(0);
  });

  it.each([
    ["step 0", { step: 0 }],
    ["step 8", { step: 8 }],
    ["a fractional step", { step: 2.5 }],
    ["a string step", { step: "2" }],
    ["an empty action", { action: "" }],
    ["an action with markup", { action: "<script>" }],
    ["an action not in the catalog", { action: "video_play" }],
    ["an inherited property name as action", { action: "constructor" }],
    ["a step that contradicts the catalog", { step: 3, action: "button_click" }],
    ["an array for data", { data: [1, 2] }],
    ["a string for data", { data: "x" }],
    ["a non-ISO timestamp", { timestamp: "yesterday" }],
    ["a missing timestamp", { timestamp: undefined }],
    ["a bad sessionId", { sessionId: "'; drop table funnel_events; --" }],
    ["an unknown key", { userAgent: "x" }],
  ])("answers 400 for %s and stores nothing", async (_name, overrides) => {
    const body = event(overrides);
    const response = await trackAction(jsonRequest("/api/track-action", body));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
    if (typeof body.sessionId === "string")
      expect(await getDb().funnelEvent.count({ where: { sessionId: body.sessionId } })).toBe(0);
  });

  it.each(FUNNEL_ACTIONS)("stores %s at its catalog step and refuses it at any other", async (action) => {
    const stored = event({ action, step: stepOf(action), data: SAMPLE_DATA[action] });
    expect((await trackAction(jsonRequest("/api/track-action", stored))).status).toBe(202);
    const wrongStep = event({ action, step: (stepOf(action) % 7) + 1, data: SAMPLE_DATA[action] });
    const refused = await trackAction(jsonRequest("/api/track-action", wrongStep));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe("step does not match the action's step in the funnel event catalog");
  });

  it("answers 413 over 6 KB, 415 for text bodies, 400 for broken JSON and 403 cross-site", async () => {
    const huge = await trackAction(jsonRequest("/api/track-action", event({ data: { pad: "x".repeat(7000) } })));
    expect(huge.status).toBe(413);
    const text = await trackAction(
      jsonRequest("/api/track-action", null, { headers: { "content-type": "text/plain" }, raw: "{}" }),
    );
    expect(text.status).toBe(415);
    const broken = await trackAction(jsonRequest("/api/track-action", null, { raw: '{"step":' }));
    expect(broken.status).toBe(400);
    const cross = await trackAction(
      jsonRequest("/api/track-action", event(), { headers: { "sec-fetch-site": "cross-site" } }),
    );
    expect(cross.status).toBe(403);
  });
});

describe("POST /api/track-action: a page view starts the session", () => {
  it("creates the visitor's session, with its UTM values, on the first page view, bounce or not", async () => {
    const sessionId = randomUUID();
    const body = pageViewBody(sessionId, "/", { utm_source: "podcast", utm_campaign: "spring" });
    const response = await trackAction(jsonRequest("/api/track-action", body, { headers: { "sec-gpc": "1" } }));
    expect(response.status).toBe(202);
    const session = await getDb().funnelSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session).toMatchObject({ utmSource: "podcast", utmCampaign: "spring", utmMedium: "", gpcOptOut: true });
    // Bound to the browser the response's signed cookie names: that browser's later calls own it.
    const cookie = cookieFrom(response);
    const registered = await register(
      jsonRequest(
        "/api/register",
        { contactId: sessionId, name: "Ada Lovelace", email: `pv-${sessionId}@example.com` },
        { cookie },
      ),
    );
    expect(registered.status).toBe(200);
    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: sessionId } })).prospectId).not.toBeNull();
  });

  it("makes one session of concurrent first views, and later views keep its first UTM values", async () => {
    const sessionId = randomUUID();
    const first = await trackAction(jsonRequest("/api/track-action", pageViewBody(randomUUID())));
    const cookie = cookieFrom(first);
    const views = Array.from({ length: 8 }, (_, i) =>
      trackAction(jsonRequest("/api/track-action", pageViewBody(sessionId, "/", { utm_source: `s${i}` }), { cookie })),
    );
    expect((await Promise.all(views)).map((r) => r.status)).toEqual(Array(8).fill(202));
    const sessions = await getDb().funnelSession.findMany({ where: { id: sessionId } });
    expect(sessions).toHaveLength(1);
    expect(await getDb().funnelEvent.count({ where: { sessionId } })).toBe(8);
    await trackAction(
      jsonRequest("/api/track-action", pageViewBody(sessionId, "/", { utm_source: "later" }), { cookie }),
    );
    const kept = await getDb().funnelSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(kept.utmSource).toBe(sessions[0]!.utmSource);
  });

  it("leaves a session another browser started with its owner", async () => {
    const sessionId = randomUUID();
    const owner = await trackAction(
      jsonRequest("/api/track-action", pageViewBody(sessionId, "/", { utm_source: "a" })),
    );
    const before = await getDb().funnelSession.findUniqueOrThrow({ where: { id: sessionId } });
    const other = await trackAction(
      jsonRequest("/api/track-action", pageViewBody(sessionId, "/", { utm_source: "b" })),
    );
    expect([owner.status, other.status]).toEqual([202, 202]);
    expect(await getDb().funnelSession.findUniqueOrThrow({ where: { id: sessionId } })).toEqual(before);
  });

  it("starts no session for any other event", async () => {
    const sessionId = randomUUID();
    expect((await trackAction(jsonRequest("/api/track-action", event({ sessionId })))).status).toBe(202);
    expect(await getDb().funnelSession.count({ where: { id: sessionId } })).toBe(0);
  });
});

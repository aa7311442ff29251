import { describe, expect, it } from "vitest";
import { POST as createPost } from "@/app/api/admin/experiments/route";
import { POST as startPost } from "@/app/api/admin/experiments/start/route";
import { POST as stopPost } from "@/app/api/admin/experiments/stop/route";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";
import { errorOf } from "@/tests/support/http";

// In the console: create a draft, start it (one running experiment per surface, kept
// by the database even when two starts race), stop it rolling a variant out; each change audited.

const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const OFFER = {
  surface: "offer",
  variants: [
    { key: "team", weight: 1 },
    { key: "countdown", weight: 1 },
  ],
  primaryMetric: "paid",
};

async function create(cookie: string, body: Record<string, unknown>) {
  return createPost(adminRequest("/api/admin/experiments", { body, cookie }));
}

async function created(cookie: string, key: string): Promise<string> {
  const answer = await create(cookie, { key, ...OFFER });
  expect(answer.status).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  return id;
}

const start = (cookie: string, id: string) =>
  startPost(adminRequest("/api/admin/experiments/start", { body: { id }, cookie }));
const stop = (cookie: string, id: string, rollout: string) =>
  stopPost(adminRequest("/api/admin/experiments/stop", { body: { id, rollout }, cookie }));

describe("experiments in the console", () => {
  it("creates a draft, starts it, refuses a second on the surface, stops it with a roll-out; all audited", async () => {
    const operator = await signedInOperator();
    const key = uniqueKey("offer-team-vs-countdown");
    const id = await created(operator.cookie, key);
    const draft = await getDb().experiment.findUniqueOrThrow({ where: { id } });
    expect(draft).toMatchObject({ key, surface: "offer", status: "draft", primaryMetric: "paid", startedAt: null });
    expect(draft.variants).toEqual(OFFER.variants);
    expect(draft.createdBy).toBe(operator.operatorId);

    const other = await created(operator.cookie, uniqueKey("offer-other"));
    const started = await start(operator.cookie, id);
    expect(started.status).toBe(200);
    try {
      expect(await getDb().experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "running" });
      const busy = await start(operator.cookie, other);
      expect(busy.status).toBe(409);
      const error = await errorOf(busy);
      expect(error.code).toBe("experiment_surface_busy");
      expect(error.message).toContain(key);
      expect((await start(operator.cookie, id)).status).toBe(409);

      const foreign = await stop(operator.cookie, id, "add-to-order");
      expect(foreign.status).toBe(400);
      expect((await errorOf(foreign)).code).toBe("experiment_variant_unknown");
    } finally {
      // Not the control: the roll-out is the operator's choice, not a default.
      const stopped = await stop(operator.cookie, id, "countdown");
      expect(stopped.status).toBe(200);
    }
    const row = await getDb().experiment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "stopped", rolledOutVariant: "countdown" });
    expect(row.stoppedAt).not.toBeNull();
    expect((await stop(operator.cookie, id, "team")).status).toBe(409);
    expect((await start(operator.cookie, id)).status).toBe(409);

    const audit = await getDb().auditLog.findMany({ where: { targetId: id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["experiment.create", "experiment.start", "experiment.stop"]);
    expect(audit.every((a) => a.operatorId === operator.operatorId && a.ip)).toBe(true);
    expect(audit[2]?.details).toMatchObject({ key, rollout: "countdown" });
    // The draft that never ran can be started now that the surface is free.
    expect((await start(operator.cookie, other)).status).toBe(200);
    expect((await stop(operator.cookie, other, "countdown")).status).toBe(200);
  });

  it("two starts on one surface at once: exactly one runs, the others get the same 409", async () => {
    const operator = await signedInOperator();
    const ids = await Promise.all([
      created(operator.cookie, uniqueKey("race-a")),
      created(operator.cookie, uniqueKey("race-b")),
      created(operator.cookie, uniqueKey("race-c")),
    ]);
    const answers = await Promise.all(ids.map((id) => start(operator.cookie, id)));
    const winners = ids.filter((_, i) => answers[i]?.status === 200);
    try {
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect((await errorOf(answer)).code).toBe("experiment_surface_busy");
      }
      const running = await getDb().experiment.findMany({ where: { id: { in: ids }, status: "running" } });
      expect(running.map((r) => r.id)).toEqual(winners);
    } finally {
      for (const id of winners) await stop(operator.cookie, id, "countdown");
    }
    const audited = await getDb().auditLog.count({ where: { action: "experiment.start", targetId: { in: ids } } });
    expect(audited).toBe(1);
  });

  it("refuses bad drafts with a 400 and a duplicate key with a 409, writing nothing", async () => {
    const operator = await signedInOperator();
    const key = uniqueKey("offer-test");
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ key: "Not A Slug", ...OFFER }, /key/i],
      [{ key, ...OFFER, surface: "pricing" }, /surface/],
      [{ key, ...OFFER, variants: [{ key: "team", weight: 1 }] }, /at least two/],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 1 },
            { key: "team", weight: 2 },
          ],
        },
        /once/,
      ],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 1 },
            { key: "paid", weight: 1 },
          ],
        },
        /paid/,
      ],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 0 },
            { key: "countdown", weight: 1 },
          ],
        },
        /weight/,
      ],
      [
        {
          key,
          ...OFFER,
          variants: [
            { key: "team", weight: 1.5 },
            { key: "countdown", weight: 1 },
          ],
        },
        /weight/,
      ],
      [{ key, ...OFFER, primaryMetric: "opt_in" }, /metric/],
      [{ key, ...OFFER, extra: true }, /extra|unrecognized/i],
    ];
    for (const [body, message] of bad) {
      const answer = await create(operator.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(answer)).message).toMatch(message);
    }
    expect(await getDb().experiment.count({ where: { key } })).toBe(0);

    await created(operator.cookie, key);
    const again = await create(operator.cookie, { key, ...OFFER });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("experiment_key_taken");
    expect(
      await getDb().auditLog.count({ where: { action: "experiment.create", details: { path: ["key"], equals: key } } }),
    ).toBe(1);

    const unknown = await start(operator.cookie, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(
      (await startPost(adminRequest("/api/admin/experiments/start", { body: { id: "x" }, cookie: operator.cookie })))
        .status,
    ).toBe(400);
    expect((await createPost(adminRequest("/api/admin/experiments", { body: { key, ...OFFER } }))).status).toBe(401);
  });
});
